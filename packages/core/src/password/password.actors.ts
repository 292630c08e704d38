import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { passwordMachine } from './password.machine.ts';

export interface PasswordDependencies {
  client: PortalClient;
  notify: Notify;
}

/** What `passwordMachine.provide(...)` needs. */
export function createPasswordImplementations({
  client,
  notify,
}: PasswordDependencies): ImplementationsOf<typeof passwordMachine> {
  return {
    actors: {
      changePassword: fromPromise(async ({ input }) => {
        await client.api.PUT('/api/client/auth/change-password', { body: input });
      }),
    },
    actions: {
      notify: (_, notification) => notify(notification),
    },
  };
}
