import { assertEvent, assign, setup } from 'xstate';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type {
  AccountPreferences,
  ReleaseMailsContext,
  ReleaseMailsEvent,
} from './release-mails.types.ts';

/**
 * The profile's switch of the release mails (docs/product.md#profile-tab): optimistic, the
 * switch moves at once; a failed save puts it back with a French message.
 */
export const releaseMailsMachine = setup({
  types: {
    context: {} as ReleaseMailsContext,
    events: {} as ReleaseMailsEvent,
  },
  actors: {
    fetchPreferences: notProvided<AccountPreferences>('fetchPreferences'),
    savePreferences: notProvided<AccountPreferences, AccountPreferences>('savePreferences'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
  },
  guards: {
    changes: ({ context, event }) => {
      assertEvent(event, 'releaseMails.set');
      return event.enabled !== context.enabled;
    },
  },
}).createMachine({
  id: 'releaseMails',
  context: { stored: null, enabled: true, loadError: null, saveError: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'fetchPreferences',
        src: 'fetchPreferences',
        onDone: {
          target: 'ready',
          actions: assign({
            stored: ({ event }) => event.output,
            enabled: ({ event }) => event.output.theme_update_emails,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: messages.releaseMails.loadError }),
        },
      },
    },
    failed: { on: { 'releaseMails.reload': 'loading' } },
    ready: {
      on: {
        'releaseMails.set': {
          guard: 'changes',
          target: 'saving',
          actions: assign({
            enabled: ({ event }) => event.enabled,
            saveError: null,
          }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        // The contract's PUT replaces every preference: the stored ones with the new choice.
        input: ({ context }) => ({
          ...(context.stored as AccountPreferences),
          theme_update_emails: context.enabled,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              stored: ({ event }) => event.output,
              enabled: ({ event }) => event.output.theme_update_emails,
            }),
            {
              type: 'notify',
              params: ({ event }) => ({
                type: 'success',
                message: event.output.theme_update_emails
                  ? messages.releaseMails.on
                  : messages.releaseMails.off,
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({
            enabled: ({ context }) => context.stored?.theme_update_emails ?? true,
            saveError: messages.releaseMails.saveError,
          }),
        },
      },
    },
  },
});
