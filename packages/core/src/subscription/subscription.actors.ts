import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import { builtInPlans, normalizePlansAnswer } from '../domain/plans.ts';
import { redirectUrlOf, type RedirectPolicy } from '../domain/redirects.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { subscriptionMachine } from './subscription.machine.ts';
import { isAllowedPortalUrl } from './subscription.rules.ts';

export interface SubscriptionDependencies {
  client: PortalClient;
  notify: Notify;
  /** Sends the browser to another site (`location.assign`). */
  redirect: (url: string) => void;
  /** Allowed provider origins (the sandbox origin in development). */
  redirectPolicy: RedirectPolicy;
}

/** What `subscriptionMachine.provide(...)` needs. */
export function createSubscriptionImplementations(
  deps: SubscriptionDependencies,
): ImplementationsOf<typeof subscriptionMachine> {
  const { client } = deps;
  return {
    actors: {
      fetchCurrentSubscription: fromPromise(async () =>
        requireData(
          await client.api.GET('/api/client/subscription/current'),
          'subscription/current',
        ),
      ),
      prepareChange: fromPromise(async ({ input }) => {
        const [list, plans] = await Promise.all([
          client.api.GET('/api/client/licenses'),
          client.api.GET('/api/client/plans'),
        ]);
        const known = normalizePlansAnswer(plans.data) ?? builtInPlans;
        const plan = known.find((candidate) => (candidate.id ?? candidate._id) === input.planId);
        return {
          activeLicences: requireData(list, 'licenses').licenses.filter(
            (licence) => licence.status === 'active',
          ),
          limit: plan?.max_licenses ?? null,
        };
      }),
      changePlan: fromPromise(async ({ input }) =>
        requireData(
          await client.api.PUT('/api/client/subscription/current', { body: input }),
          'subscription',
        ),
      ),
      cancelSubscription: fromPromise(async () =>
        requireData(
          await client.api.POST('/api/client/subscription/cancel'),
          'subscription/cancel',
        ),
      ),
      resumeSubscription: fromPromise(async () =>
        requireData(
          await client.api.POST('/api/client/subscription/resume'),
          'subscription/resume',
        ),
      ),
      openCustomerPortal: fromPromise(async ({ input }) => {
        const { data } = await client.api.POST('/api/stripe/customer-portal', { body: input });
        // A body without a URL is the redirect error of docs/product.md#feature-errors, not an
        // access error.
        return redirectUrlOf(data);
      }),
    },
    actions: {
      notify: (_, notice) => deps.notify(notice),
      redirect: (_, params) => deps.redirect(params.url),
    },
    guards: {
      isAllowedPortalUrl: (_, params) => isAllowedPortalUrl(params.url, deps.redirectPolicy),
    },
  };
}
