import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { PasswordChangeValues } from '../domain/validation/password.ts';
import type { AppNotification, Notify } from '../notifications/notifications.types.ts';

export interface PasswordDependencies {
  client: PortalClient;
  notify: Notify;
}

/** What `passwordMachine.provide(...)` needs. */
export function createPasswordImplementations({ client, notify }: PasswordDependencies) {
  return {
    actors: {
      changePassword: fromPromise<void, PasswordChangeValues>(async ({ input }) => {
        await client.api.PUT('/api/client/auth/change-password', { body: input });
      }),
    },
    actions: {
      notify: (_: unknown, notification: AppNotification) => notify(notification),
    },
  };
}
