import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { normalizePlansAnswer, type Plan } from '../domain/plans.ts';
import type { AppNotification, Notify } from '../notifications/notifications.types.ts';

export interface PricingDependencies {
  client: PortalClient;
  notify: Notify;
}

export function createPricingImplementations({ client, notify }: PricingDependencies) {
  return {
    actors: {
      loadPlans: fromPromise<Plan[] | undefined>(async ({ signal }) => {
        const { data } = await client.api.GET('/api/client/plans', { signal });
        return normalizePlansAnswer(data);
      }),
    },
    actions: {
      notify: (_: unknown, notification: AppNotification) => notify(notification),
    },
  };
}
