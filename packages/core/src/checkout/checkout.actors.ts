import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { checkoutMachine } from './checkout.machine.ts';

export interface CheckoutDependencies {
  client: PortalClient;
  notify: Notify;
  /** Sends the browser to the provider's page (a full page load, not a route change). */
  redirect: (url: string) => void;
}

export function createCheckoutImplementations({
  client,
  notify,
  redirect,
}: CheckoutDependencies): ImplementationsOf<typeof checkoutMachine> {
  return {
    actors: {
      createCheckoutSession: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.POST('/api/stripe/checkout-sessions', {
          body: input,
          signal,
        });
        if (data === undefined) throw new Error('checkout-sessions: réponse vide');
        return { url: data.data.url };
      }),
    },
    actions: {
      navigate: (_, params) => redirect(params.url),
      notify: (_, notification) => notify(notification),
    },
  };
}
