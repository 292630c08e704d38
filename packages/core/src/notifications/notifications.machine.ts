import { assertEvent, assign, setup } from 'xstate';
import type {
  NotificationsContext,
  NotificationsEvent,
  NotificationsInput,
} from './notifications.types.ts';

/** docs/product.md#notifications: a notification stays 5 s. */
export const NOTIFICATION_DURATION_MS = 5000;

/** One held notification; a newer one replaces it and restarts the timer. */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput | undefined,
  },
  actions: {
    hold: assign({
      current: ({ event }) => {
        assertEvent(event, 'notification.show');
        return event.notification;
      },
    }),
    clear: assign({ current: null }),
  },
  delays: {
    notificationDuration: ({ context }) => context.durationMs,
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    current: null,
    durationMs: input?.durationMs ?? NOTIFICATION_DURATION_MS,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'notification.show': { target: 'showing', actions: 'hold' } },
    },
    showing: {
      after: { notificationDuration: { target: 'idle', actions: 'clear' } },
      on: {
        // Re-entering restarts the timer for the newer notification.
        'notification.show': { target: 'showing', reenter: true, actions: 'hold' },
        'notification.dismiss': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
