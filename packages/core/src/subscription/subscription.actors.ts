import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { AppNotification, Notify } from '../notifications/notifications.types.ts';
import { isAllowedRedirect, type RedirectPolicy } from '../domain/redirects.ts';
import type { CurrentSubscription, PortalRequest } from './subscription.types.ts';

export interface SubscriptionDependencies {
  client: PortalClient;
  notify: Notify;
  /** Sends the browser to another site (`location.assign`). */
  redirect: (url: string) => void;
  /** Allowed provider origins (the sandbox origin in development). */
  redirectPolicy: RedirectPolicy;
}

export function createFetchCurrentSubscription(client: PortalClient) {
  return fromPromise<CurrentSubscription>(async () =>
    requireData(await client.api.GET('/api/client/subscription/current'), 'subscription/current'),
  );
}

/** What `subscriptionMachine.provide(...)` needs. */
export function createSubscriptionImplementations(deps: SubscriptionDependencies) {
  const { client } = deps;
  return {
    actors: {
      fetchCurrentSubscription: createFetchCurrentSubscription(client),
      openCustomerPortal: fromPromise<string | null, PortalRequest>(async ({ input }) => {
        const { data } = await client.api.POST('/api/stripe/customer-portal', { body: input });
        // A body without a URL is the redirect error of spec 8, not an access error.
        const url: unknown = data?.data?.url;
        return typeof url === 'string' ? url : null;
      }),
    },
    actions: {
      notify: (_: unknown, notice: AppNotification) => deps.notify(notice),
      redirect: (_: unknown, params: { url: string }) => deps.redirect(params.url),
    },
    guards: {
      isAllowedPortalUrl: (_: unknown, params: { url: string | null }) =>
        params.url !== null && isAllowedRedirect(params.url, deps.redirectPolicy),
    },
  };
}
