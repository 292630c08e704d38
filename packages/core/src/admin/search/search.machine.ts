import { assign, setup } from 'xstate';
import { notProvided } from '../../machine-kit.ts';
import { SEARCH_DEBOUNCE_MS, searchErrorMessage, searchQueryError } from './search.rules.ts';
import type {
  AdminSearchContext,
  AdminSearchEvent,
  AdminSearchPage,
  AdminSearchQuery,
} from './search.types.ts';

/**
 * A back-office list searched, sorted and paged on the server (docs/statecharts.md,
 * `clientsMachine`, `journalMachine`): typing waits for a pause, then asks; a new question
 * cancels the one under way; the last page answered stays while the next loads; a failure keeps
 * the query and offers a retry. Each list provides its own `search` call.
 */
export function createAdminSearchMachine<TRow, TSort extends string>(id: string) {
  return setup({
    types: {
      context: {} as AdminSearchContext<TRow, TSort>,
      events: {} as AdminSearchEvent<TSort>,
      input: {} as { query: AdminSearchQuery<TSort> },
    },
    actors: {
      search: notProvided<AdminSearchPage<TRow>, AdminSearchQuery<TSort>>('search'),
    },
    delays: { debounce: SEARCH_DEBOUNCE_MS },
  }).createMachine({
    id,
    context: ({ input }) => ({
      query: input.query,
      result: null,
      error: null,
      queryError: searchQueryError(input.query.q),
    }),
    initial: 'checking',
    on: {
      'search.typed': [
        {
          guard: ({ event }) => searchQueryError(event.q) !== null,
          target: '.invalid',
          actions: assign({
            query: ({ context, event }) => ({ ...context.query, q: event.q, page: 1 }),
            queryError: ({ event }) => searchQueryError(event.q),
          }),
        },
        {
          target: '.typing',
          reenter: true,
          actions: assign({
            query: ({ context, event }) => ({ ...context.query, q: event.q, page: 1 }),
            queryError: null,
          }),
        },
      ],
      'search.sorted': {
        guard: ({ context }) => context.queryError === null,
        target: '.loading',
        reenter: true,
        // The sorted column again turns its order; another column starts ascending.
        actions: assign({
          query: ({ context, event }) => ({
            ...context.query,
            sort: event.sort,
            order:
              context.query.sort === event.sort && context.query.order === 'asc' ? 'desc' : 'asc',
            page: 1,
          }),
        }),
      },
      'search.paged': {
        guard: ({ context, event }) => context.queryError === null && event.page >= 1,
        target: '.loading',
        reenter: true,
        actions: assign({
          query: ({ context, event }) => ({ ...context.query, page: event.page }),
        }),
      },
    },
    states: {
      /** The address's query may be too long already: then nothing is asked. */
      checking: {
        always: [
          { guard: ({ context }) => context.queryError !== null, target: 'invalid' },
          'loading',
        ],
      },
      typing: { after: { debounce: 'loading' } },
      loading: {
        entry: assign({ error: null }),
        invoke: {
          src: 'search',
          input: ({ context }) => context.query,
          onDone: { target: 'ready', actions: assign({ result: ({ event }) => event.output }) },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => searchErrorMessage(event.error) }),
          },
        },
      },
      ready: {},
      failed: { on: { 'search.retry': 'loading' } },
      invalid: {},
    },
  });
}
