import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { paymentSuccessMachine } from './payment-success.machine.ts';

/** `paymentSuccessMachine.provide(...)` over the real client. */
export function createPaymentSuccessImplementations({
  client,
}: {
  client: PortalClient;
}): ImplementationsOf<typeof paymentSuccessMachine> {
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
    },
  };
}
