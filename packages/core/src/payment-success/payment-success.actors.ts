import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import { attachPaidCheckout } from './attach.ts';
import type { paymentSuccessMachine } from './payment-success.machine.ts';

export interface PaymentSuccessDependencies {
  client: PortalClient;
  notify: Notify;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
  /** Whether a customer is signed in now (the app's session). */
  isSignedIn: () => boolean;
}

/** `paymentSuccessMachine.provide(...)` over the real client. */
export function createPaymentSuccessImplementations({
  client,
  notify,
  navigate,
  isSignedIn,
}: PaymentSuccessDependencies): ImplementationsOf<typeof paymentSuccessMachine> {
  return {
    actors: {
      loadCheckoutSession: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.GET('/api/stripe/checkout-sessions/{id}', {
          params: { path: { id: input.sessionId } },
          signal,
        });
        if (data === undefined) throw new Error('checkout-sessions: réponse vide');
        return { amountTotal: data.data.amount_total };
      }),
      attachCheckout: fromPromise(({ input, signal }) =>
        attachPaidCheckout(client, input.sessionId, signal),
      ),
    },
    actions: {
      notify: (_, notification) => notify(notification),
      navigate: (_, params) => navigate(params.to),
    },
    guards: {
      isSignedIn: () => isSignedIn(),
    },
  };
}
