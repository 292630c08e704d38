import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { normalizePlansAnswer } from '../domain/plans.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { pricingMachine } from './pricing.machine.ts';

export interface PricingDependencies {
  client: PortalClient;
  notify: Notify;
}

export function createPricingImplementations({
  client,
  notify,
}: PricingDependencies): ImplementationsOf<typeof pricingMachine> {
  return {
    actors: {
      loadPlans: fromPromise(async ({ signal }) => {
        const { data } = await client.api.GET('/api/client/plans', { signal });
        return normalizePlansAnswer(data);
      }),
    },
    actions: {
      notify: (_, notification) => notify(notification),
    },
  };
}
