import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import { createCheckoutImplementations } from '../checkout/checkout.actors.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { builtInPlans, normalizePlansAnswer } from '../domain/plans.ts';
import { redirectUrlOf, type RedirectPolicy } from '../domain/redirects.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import { createPricingImplementations } from '../pricing/pricing.actors.ts';
import { pricingMachine } from '../pricing/pricing.machine.ts';
import type { subscriptionMachine } from './subscription.machine.ts';
import { isAllowedPortalUrl } from './subscription.rules.ts';

export interface SubscriptionDependencies {
  client: PortalClient;
  notify: Notify;
  /** Sends the browser to another site (`location.assign`). */
  redirect: (url: string) => void;
  /** Allowed provider origins of the customer portal (the sandbox origin in development). */
  redirectPolicy: RedirectPolicy;
  /** Whether a customer is signed in now: the grid's checkout buys for the account. */
  isSignedIn: () => boolean;
}

/** What `subscriptionMachine.provide(...)` needs, its children's implementations included. */
export function createSubscriptionImplementations(
  deps: SubscriptionDependencies,
): ImplementationsOf<typeof subscriptionMachine> {
  const { client, notify, redirect, isSignedIn } = deps;
  return {
    actors: {
      pricing: pricingMachine.provide(createPricingImplementations({ client, notify })),
      checkout: checkoutMachine.provide(
        createCheckoutImplementations({ client, notify, redirect, isSignedIn }),
      ),
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
      notify: (_, notice) => notify(notice),
      redirect: (_, params) => redirect(params.url),
    },
    guards: {
      isAllowedPortalUrl: (_, params) => isAllowedPortalUrl(params.url, deps.redirectPolicy),
    },
  };
}
