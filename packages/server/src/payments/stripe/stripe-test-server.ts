import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentProviderFactory } from '../index.ts';
import {
  CANCEL_URL,
  checkoutCompleted,
  ORIGIN,
  sendWebhook,
  WEBHOOK_SECRET,
} from '../../routes/payments/test-support.ts';
import { call, type TestServer, useTestServer } from '../../test/harness.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createStripeProvider } from './provider.ts';

export interface StripeTestServer {
  /** The local fake of Stripe's API the server talks to. */
  readonly fake: FakeStripe;
  readonly server: TestServer;
  /**
   * A signed-in customer buys Business monthly, attached by Stripe's event; answers the
   * provider's customer and subscription.
   */
  subscribeSignedIn(customer: {
    accessToken: string;
    email: string;
  }): Promise<{ customer: string; subscription: string }>;
  /** The requests that set a subscription to cancel at its period end. */
  cancelRequests(subscriptionId: string): FakeStripe['requests'];
}

/**
 * Registers the hooks of a test file (or `describe` block) whose server takes payments with
 * Stripe, against a fake of its API started for that file: each test starts from an empty
 * database and no recorded request. Read `fake` and `server` inside tests and hooks only.
 */
export function useStripeTestServer(): StripeTestServer {
  let fake: FakeStripe | undefined;
  const started = (): FakeStripe => {
    if (fake === undefined) throw new Error('The fake Stripe API is only started in beforeAll');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake?.close());
  const payments: PaymentProviderFactory = ({ db }) =>
    createStripeProvider({
      db,
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      api: { host: started().host, port: started().port, protocol: 'http' },
    });
  const server = useTestServer({
    config: { stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: WEBHOOK_SECRET },
    payments,
  });
  beforeEach(() => {
    started().requests.length = 0;
  });

  return {
    async subscribeSignedIn(customer) {
      const opened = await call<{ data: { id: string } }>(
        server,
        'POST',
        '/api/client/subscription/checkout',
        {
          token: customer.accessToken,
          body: {
            plan_id: 'business',
            billingCycle: 'monthly',
            successUrl: `${ORIGIN}/payment/success?session_id=%7BCHECKOUT_SESSION_ID%7D`,
            cancelUrl: CANCEL_URL,
          },
        },
      );
      if (opened.status !== 200) throw new Error(`checkout answered ${opened.status}`);
      const paid = started().completeSession(opened.body.data.id, customer.email);
      const event = await sendWebhook(server, checkoutCompleted(opened.body.data.id));
      if (event.status !== 200) throw new Error(`webhook answered ${event.status}`);
      return paid;
    },
    cancelRequests(subscriptionId) {
      return started().requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === `/v1/subscriptions/${subscriptionId}` &&
          r.params.cancel_at_period_end === 'true',
      );
    },
    get fake() {
      return started();
    },
    server,
  };
}
