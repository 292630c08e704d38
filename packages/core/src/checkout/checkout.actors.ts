import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { redirectUrlOf } from '../domain/redirects.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { checkoutMachine } from './checkout.machine.ts';

export interface CheckoutDependencies {
  client: PortalClient;
  notify: Notify;
  /** Sends the browser to the provider's page (a full page load, not a route change). */
  redirect: (url: string) => void;
  /** Whether a customer is signed in now (the app's session): they buy for their account. */
  isSignedIn: () => boolean;
}

export function createCheckoutImplementations({
  client,
  notify,
  redirect,
  isSignedIn,
}: CheckoutDependencies): ImplementationsOf<typeof checkoutMachine> {
  return {
    actors: {
      createCheckoutSession: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.POST('/api/stripe/checkout-sessions', {
          body: input,
          signal,
        });
        if (data === undefined) throw new Error('checkout-sessions: réponse vide');
        return { url: redirectUrlOf(data) };
      }),
      createSubscriptionCheckout: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.POST('/api/client/subscription/checkout', {
          body: input,
          signal,
        });
        if (data === undefined) throw new Error('subscription/checkout: réponse vide');
        return { url: redirectUrlOf(data) };
      }),
    },
    guards: {
      isSignedIn: () => isSignedIn(),
    },
    actions: {
      navigate: (_, params) => redirect(params.url),
      notify: (_, notification) => notify(notification),
    },
  };
}
