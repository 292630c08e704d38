import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { AppNotification, Notify } from '../notifications/notifications.types.ts';
import type { CheckoutSessionRequest } from './checkout.types.ts';

export interface CheckoutDependencies {
  client: PortalClient;
  notify: Notify;
  /** Sends the browser to the provider's page (a full page load, not a route change). */
  redirect: (url: string) => void;
}

export function createCheckoutImplementations({ client, notify, redirect }: CheckoutDependencies) {
  return {
    actors: {
      createCheckoutSession: fromPromise<{ url: string }, CheckoutSessionRequest>(
        async ({ input, signal }) => {
          const { data } = await client.api.POST('/api/stripe/checkout-sessions', {
            body: input,
            signal,
          });
          if (data === undefined) throw new Error('checkout-sessions: réponse vide');
          return { url: data.data.url };
        },
      ),
    },
    actions: {
      navigate: (_: unknown, params: { url: string }) => redirect(params.url),
      notify: (_: unknown, notification: AppNotification) => notify(notification),
    },
  };
}
