import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import { subscriptionStateOf } from '../domain/subscription-status.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { licencesMachine } from './licences.machine.ts';
import type { LicencesOverview } from './licences.types.ts';

export interface LicencesDependencies {
  client: PortalClient;
  notify: Notify;
}

/** What `licencesMachine.provide(...)` needs, over the portal client. */
export function createLicencesImplementations({
  client,
  notify,
}: LicencesDependencies): ImplementationsOf<typeof licencesMachine> {
  return {
    actors: {
      // The list and the usage card always show the same moment: both are fetched together.
      fetchLicences: fromPromise(async (): Promise<LicencesOverview> => {
        const [list, current] = await Promise.all([
          client.api.GET('/api/client/licenses'),
          client.api.GET('/api/client/subscription/current'),
        ]);
        const subscription = requireData(current, 'subscription/current');
        const listed = requireData(list, 'licenses');
        return {
          licences: listed.licenses,
          ...(listed.latest_version === undefined ? {} : { latestVersion: listed.latest_version }),
          usage: subscription.usage,
          subscription: subscriptionStateOf(subscription),
        };
      }),
      createLicence: fromPromise(async ({ input }) => {
        const result = await client.api.POST('/api/client/licenses', { body: input.values });
        return requireData(result, 'create licence').license;
      }),
      updateLicence: fromPromise(async ({ input }) => {
        if (input.mode !== 'edit') throw new Error('updateLicence: no licence id');
        const result = await client.api.PUT('/api/client/licenses/{id}', {
          params: { path: { id: input._id } },
          body: input.values,
        });
        return requireData(result, 'update licence').license;
      }),
      deleteLicence: fromPromise(async ({ input }) => {
        await client.api.DELETE('/api/client/licenses/{id}', {
          params: { path: { id: input._id } },
        });
      }),
    },
    actions: {
      notify: (_, notification) => notify(notification),
    },
  };
}
