import { assertEvent, assign, setup } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type {
  Establishment,
  EstablishmentSearchContext,
  EstablishmentSearchEvent,
} from './establishment-search.types.ts';

/**
 * docs/product.md#signup-wizard: search from 3 characters, 300 ms after the last keystroke, 5
 * suggestions.
 */
export const ESTABLISHMENT_SEARCH_MIN_LENGTH = 3;
export const ESTABLISHMENT_SEARCH_DEBOUNCE_MS = 300;
export const ESTABLISHMENT_SEARCH_LIMIT = 5;

/** The places service is not configured: the form is filled by hand. */
export function isRequestDenied(error: unknown): boolean {
  return (
    isApiError(error) && (error.data as { error?: unknown } | null)?.error === 'REQUEST_DENIED'
  );
}

export const establishmentSearchMachine = setup({
  types: {
    context: {} as EstablishmentSearchContext,
    events: {} as EstablishmentSearchEvent,
  },
  actors: {
    searchEstablishments: notProvided<Establishment[], { query: string }>('searchEstablishments'),
  },
  actions: {
    setQuery: assign({
      query: ({ event }) => {
        assertEvent(event, 'search.input');
        return event.query;
      },
    }),
    clearResults: assign({ results: [], message: null }),
    showResults: assign({
      results: (_, params: { results: Establishment[] }) =>
        params.results.slice(0, ESTABLISHMENT_SEARCH_LIMIT),
      message: (_, params: { results: Establishment[] }) =>
        params.results.length === 0 ? messages.establishmentSearch.noResults : null,
    }),
    showMessage: assign({
      results: [],
      message: (_, params: { message: string }) => params.message,
    }),
    select: assign({
      selected: ({ event }) => {
        assertEvent(event, 'search.select');
        return event.establishment;
      },
      results: [],
      message: null,
    }),
    reset: assign({ query: '', results: [], message: null, selected: null }),
  },
  guards: {
    isLongEnough: ({ event }) => {
      assertEvent(event, 'search.input');
      return event.query.trim().length >= ESTABLISHMENT_SEARCH_MIN_LENGTH;
    },
    isRequestDenied: (_, params: { error: unknown }) => isRequestDenied(params.error),
  },
  delays: {
    debounce: ESTABLISHMENT_SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'establishmentSearch',
  context: { query: '', results: [], message: null, selected: null },
  initial: 'active',
  states: {
    active: {
      initial: 'idle',
      on: {
        // A newer query restarts the debounce and stops a search under way (its answer is dropped).
        'search.input': [
          { guard: 'isLongEnough', target: '.debouncing', reenter: true, actions: 'setQuery' },
          { target: '.idle', actions: ['setQuery', 'clearResults'] },
        ],
        'search.select': { target: '.idle', actions: 'select' },
        'search.clear': { target: '.idle', actions: 'reset' },
      },
      states: {
        idle: {},
        debouncing: {
          after: { debounce: 'searching' },
        },
        searching: {
          invoke: {
            src: 'searchEstablishments',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: {
              target: 'idle',
              actions: { type: 'showResults', params: ({ event }) => ({ results: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isRequestDenied', params: ({ event }) => ({ error: event.error }) },
                target: '#establishmentSearch.manual',
                actions: {
                  type: 'showMessage',
                  params: { message: messages.establishmentSearch.notConfigured },
                },
              },
              {
                target: 'idle',
                actions: {
                  type: 'showMessage',
                  params: { message: messages.establishmentSearch.connectionError },
                },
              },
            ],
          },
        },
      },
    },
    // No places service: searching stops for the rest of the visit.
    manual: {},
  },
});
