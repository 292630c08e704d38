import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { releaseMailsMachine } from './release-mails.machine.ts';

/** What `releaseMailsMachine.provide(...)` needs: the contract's preferences calls. */
export function createReleaseMailsImplementations({
  client,
  notify,
}: {
  client: PortalClient;
  notify: Notify;
}): ImplementationsOf<typeof releaseMailsMachine> {
  return {
    actors: {
      fetchPreferences: fromPromise(
        async () =>
          requireData(await client.api.GET('/customers/preferences'), 'preferences').preferences,
      ),
      savePreferences: fromPromise(
        async ({ input }) =>
          requireData(
            await client.api.PUT('/customers/preferences', { body: input }),
            'preferences',
          ).preferences,
      ),
    },
    actions: {
      notify: (_, notification) => notify(notification),
    },
  };
}
