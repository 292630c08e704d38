import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentProviderFactory } from '../../routes/payments/index.ts';
import { WEBHOOK_SECRET } from '../../routes/payments/test-support.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createStripeProvider } from './provider.ts';

export interface StripeTestServer {
  /** The local fake of Stripe's API the server talks to. */
  readonly fake: FakeStripe;
  readonly server: TestServer;
}

/**
 * Registers the hooks of a test file (or `describe` block) whose server takes payments with
 * Stripe, against a fake of its API started for that file: each test starts from an empty
 * database and no recorded request. Read `fake` and `server` inside tests and hooks only.
 */
export function useStripeTestServer(): StripeTestServer {
  let fake: FakeStripe | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    const api = await startFakeStripe();
    fake = api;
    const payments: PaymentProviderFactory = ({ db }) =>
      createStripeProvider({
        db,
        secretKey: 'sk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        api: { host: api.host, port: api.port, protocol: 'http' },
      });
    server = await createTestServer({
      config: { stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: WEBHOOK_SECRET },
      payments,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await ready(server, 'server').reset();
    ready(fake, 'fake').requests.length = 0;
  });

  return {
    get fake() {
      return ready(fake, 'fake');
    },
    get server() {
      return ready(server, 'server');
    },
  };
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`The Stripe test ${name} is only started in beforeAll`);
  return value;
}
