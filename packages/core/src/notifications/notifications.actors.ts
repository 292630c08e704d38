import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine.ts';
import type { Notify } from './notifications.types.ts';

/**
 * The notifications machine has no side effect to inject; what other machines need from it is
 * a `notify` function, made from the running actor the app root created.
 */
export function createNotify(notifications: ActorRefFrom<typeof notificationsMachine>): Notify {
  return (notification) => notifications.send({ type: 'notification.show', notification });
}
