import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../auth/tokens.ts';
import { createReplacedSubscriptionSweep, fulfilmentOf } from '../../payments/fulfilment.ts';
import { createPaymentProvider, type PaymentProviderFactory } from '../../payments/index.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { useStripeTestServer } from '../../payments/stripe/stripe-test-server.ts';
import {
  call,
  loggedInCustomer,
  type TestCustomer,
  type TestServer,
  useTestServer,
} from '../../test/harness.ts';
import {
  checkoutCompleted,
  count,
  createCheckout,
  onboardedCustomer,
  sandboxOf,
  sandboxSubscription,
  sendWebhook,
  signedEvent,
  submitPayment,
  WEBHOOK_SECRET,
} from './test-support.ts';

/**
 * An account whose paid subscription still runs pays again as a visitor with its email, then
 * signs in at the onboarding and attaches that payment (docs/product.md, 'Purchase paths'): the
 * new subscription replaces the old one, which is cancelled at its period end at the provider so
 * it never renews with no account holding it (docs/decisions.md, 'Attaching over a paid
 * subscription still running').
 */

const DAY = 24 * 3600 * 1000;
type Current = {
  hasSubscription: boolean;
  subscription: Record<string, unknown> | null;
  message?: string;
};

function attach(server: TestServer, token: string, sessionId: string) {
  return call<Current>(server, 'POST', '/api/client/subscription/attach', {
    token,
    body: { session_id: sessionId },
  });
}

async function accountRow(server: TestServer, customerId: string) {
  const [row] = await server.db.query<{
    plan_id: string;
    billing_cycle: string;
    status: string;
    cancel_at_period_end: boolean;
    provider_subscription_id: string | null;
    stripe_customer_id: string | null;
  }>(
    `SELECT s.plan_id, s.billing_cycle, s.status, s.cancel_at_period_end,
       s.provider_subscription_id, c.stripe_customer_id
     FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE s.customer_id = $1`,
    [customerId],
  );
  if (row === undefined) throw new Error('no subscription');
  return row;
}

async function replacedRows(server: TestServer) {
  return server.db.query<{
    provider_subscription_id: string;
    customer_id: string | null;
    replaced_by: string;
    cancelled_at: Date | null;
  }>(
    `SELECT provider_subscription_id, customer_id, replaced_by, cancelled_at
     FROM replaced_subscriptions ORDER BY replaced_at`,
  );
}

describe('on the sandbox', () => {
  const logLines: string[] = [];
  /** Every provider call naming a subscription, in order. */
  const calls: { method: string; id: string }[] = [];
  /** While set, the provider refuses to cancel (an outage). */
  let cancelFails = false;
  /** The provider the app was built with (the sweep the server runs uses it too). */
  let provider: PaymentProvider;

  const payments: PaymentProviderFactory = ({ db, config }) => {
    const sandbox = createPaymentProvider(config, db);
    provider = {
      ...sandbox,
      async retrieveSubscription(id) {
        calls.push({ method: 'retrieveSubscription', id });
        return sandbox.retrieveSubscription(id);
      },
      async cancelAtPeriodEnd(id) {
        calls.push({ method: 'cancelAtPeriodEnd', id });
        if (cancelFails) throw new Error('sandbox unreachable');
        return sandbox.cancelAtPeriodEnd(id);
      },
    };
    return provider;
  };

  const server = useTestServer({
    config: { stripeWebhookSecret: WEBHOOK_SECRET },
    payments,
    logLines,
  });
  beforeEach(() => {
    calls.length = 0;
    logLines.length = 0;
    cancelFails = false;
  });

  /** A Scale yearly subscriber (through the sandbox and onboarding), and its provider ids. */
  async function subscriber(email = `abonnee-${newId().slice(0, 6)}@example.test`) {
    const onboarded = await onboardedCustomer(server, 'scale', 'yearly', email);
    const before = await accountRow(server, onboarded.customer._id);
    return {
      ...onboarded,
      email,
      id: onboarded.customer._id,
      oldSubscription: before.provider_subscription_id ?? '',
      oldCustomer: before.stripe_customer_id ?? '',
    };
  }

  /** The same person pays Business monthly on the public page, as a visitor. */
  async function paysAgainAsVisitor(email: string) {
    const session = await createCheckout(server, 'business', 'monthly');
    const paid = await submitPayment(server, session.id, '4242 4242 4242 4242', email);
    expect(paid.statusCode).toBe(303);
    return session.id;
  }

  it('attaching replaces the running subscription: the old one is cancelled at its period end and never renews', async () => {
    const account = await subscriber();
    const sessionId = await paysAgainAsVisitor(account.email);
    calls.length = 0;

    const answer = await attach(server, account.accessToken, sessionId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      hasSubscription: true,
      subscription: {
        plan_id: 'business',
        billingCycle: 'monthly',
        status: 'active',
        cancel_at_period_end: false,
      },
    });
    const now = await accountRow(server, account.id);
    expect(now.provider_subscription_id).not.toBe(account.oldSubscription);
    expect(now.stripe_customer_id).not.toBe(account.oldCustomer);

    // At the provider: still running for the period already paid, then it ends.
    expect(await sandboxSubscription(server, account.oldSubscription)).toEqual({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(calls.filter((c) => c.method === 'cancelAtPeriodEnd')).toEqual([
      { method: 'cancelAtPeriodEnd', id: account.oldSubscription },
    ]);
    expect(await replacedRows(server)).toEqual([
      {
        provider_subscription_id: account.oldSubscription,
        customer_id: account.id,
        replaced_by: sessionId,
        cancelled_at: expect.any(Date),
      },
    ]);

    // The old customer's test clock reaches the period end: it ends, nothing is charged.
    const events = await sandboxOf(server).advanceToPeriodEnd(account.oldCustomer);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect(
      await count(server, 'sandbox_invoices WHERE subscription_id = $1', [account.oldSubscription]),
    ).toBe(0);
    for (const event of events) {
      const delivered = signedEvent({
        id: event.id,
        object: 'event',
        type: event.type,
        data: { object: event.object },
      });
      expect((await sendWebhook(server, delivered)).status).toBe(200);
    }
    // Its end touches no account: the new subscription stays.
    expect(await accountRow(server, account.id)).toMatchObject({
      plan_id: 'business',
      status: 'active',
      cancel_at_period_end: false,
    });
  });

  it('attaching twice, and the payment event again, change nothing more', async () => {
    const account = await subscriber();
    const sessionId = await paysAgainAsVisitor(account.email);
    expect((await attach(server, account.accessToken, sessionId)).status).toBe(200);
    const after = await accountRow(server, account.id);
    const [recorded] = await replacedRows(server);
    calls.length = 0;

    const again = await attach(server, account.accessToken, sessionId);
    expect(again.status).toBe(200);
    expect(again.body.subscription).toMatchObject({ plan_id: 'business', status: 'active' });
    expect((await sendWebhook(server, checkoutCompleted(sessionId))).status).toBe(200);

    expect(calls.filter((c) => c.method === 'cancelAtPeriodEnd')).toEqual([]);
    expect(calls.some((c) => c.id === account.oldSubscription)).toBe(false);
    expect(await accountRow(server, account.id)).toEqual(after);
    expect(await replacedRows(server)).toEqual([recorded]);
    expect(await sandboxSubscription(server, account.oldSubscription)).toEqual({
      status: 'active',
      cancel_at_period_end: true,
    });
  });

  it('a provider outage leaves the cancellation owed: logged, and made by the next attach', async () => {
    const account = await subscriber();
    const sessionId = await paysAgainAsVisitor(account.email);
    cancelFails = true;

    // The payment is the account's at once; only the old subscription's cancellation waits.
    const answer = await attach(server, account.accessToken, sessionId);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({ plan_id: 'business', status: 'active' });
    expect(await sandboxSubscription(server, account.oldSubscription)).toEqual({
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(await replacedRows(server)).toEqual([
      expect.objectContaining({
        provider_subscription_id: account.oldSubscription,
        cancelled_at: null,
      }),
    ]);
    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'replaced subscription not cancelled at the provider');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        providerSubscriptionId: account.oldSubscription,
        error: 'sandbox unreachable',
      }),
    ]);

    // The provider is back: the onboarding's attach tried again makes the owed call, once.
    cancelFails = false;
    calls.length = 0;
    expect((await attach(server, account.accessToken, sessionId)).status).toBe(200);
    expect(await sandboxSubscription(server, account.oldSubscription)).toEqual({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await replacedRows(server)).toEqual([
      expect.objectContaining({ cancelled_at: expect.any(Date) }),
    ]);
    expect((await attach(server, account.accessToken, sessionId)).status).toBe(200);
    expect(calls.filter((c) => c.method === 'cancelAtPeriodEnd')).toEqual([
      { method: 'cancelAtPeriodEnd', id: account.oldSubscription },
    ]);
  });

  it("the sweep the server runs while listening makes the owed call, a deleted account's too", async () => {
    const account = await subscriber();
    const sessionId = await paysAgainAsVisitor(account.email);
    cancelFails = true;
    expect((await attach(server, account.accessToken, sessionId)).status).toBe(200);
    await server.db.query('DELETE FROM customers WHERE id = $1', [account.id]);
    expect(await replacedRows(server)).toEqual([
      expect.objectContaining({ customer_id: null, cancelled_at: null }),
    ]);

    // Still down: the sweep logs it again and leaves it owed.
    const sweep = () => {
      const running = createReplacedSubscriptionSweep(fulfilmentOf(server.app));
      running.start();
      return running.stop();
    };
    await sweep();
    expect(
      logLines.filter((line) => line.includes('replaced subscription not cancelled')),
    ).toHaveLength(2);
    expect(await sandboxSubscription(server, account.oldSubscription)).toMatchObject({
      cancel_at_period_end: false,
    });

    cancelFails = false;
    await sweep();
    expect(await sandboxSubscription(server, account.oldSubscription)).toEqual({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await replacedRows(server)).toEqual([
      expect.objectContaining({ cancelled_at: expect.any(Date) }),
    ]);
    calls.length = 0;
    await sweep();
    expect(calls).toEqual([]);
  });

  it('a subscription already cancelled at its period end is not asked again; it still ends', async () => {
    const account = await subscriber();
    const cancel = await call(server, 'POST', '/api/client/subscription/cancel', {
      token: account.accessToken,
    });
    expect(cancel.status).toBe(200);
    const sessionId = await paysAgainAsVisitor(account.email);
    calls.length = 0;

    expect((await attach(server, account.accessToken, sessionId)).status).toBe(200);
    expect(calls.filter((c) => c.method === 'cancelAtPeriodEnd')).toEqual([]);
    expect(await replacedRows(server)).toEqual([
      expect.objectContaining({
        provider_subscription_id: account.oldSubscription,
        cancelled_at: expect.any(Date),
      }),
    ]);
    const events = await sandboxOf(server).advanceToPeriodEnd(account.oldCustomer);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
  });

  it('a trial or an ended subscription being replaced calls nothing at the provider', async () => {
    const now = server.clock.now().getTime();
    const rows = [
      { status: 'trialing', trial_end: new Date(now + 7 * DAY), period_end: null, id: null },
      { status: 'trialing', trial_end: new Date(now - DAY), period_end: null, id: null },
      {
        status: 'canceled',
        trial_end: null,
        period_end: new Date(now - DAY),
        id: 'sub_sandbox_ended',
      },
      // Cancelled at a period end already past: ended, whatever the provider event says.
      {
        status: 'active',
        trial_end: null,
        period_end: new Date(now - DAY),
        id: 'sub_sandbox_lapsed',
        cancelling: true,
      },
    ];
    for (const row of rows) {
      const customer: TestCustomer & { accessToken: string } = await loggedInCustomer(server, {});
      await server.db.query(
        `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status, trial_end,
           current_period_end, cancel_at_period_end, provider_subscription_id)
         VALUES ($1, $2, 'basic', 'monthly', $3, $4, $5, $6, $7)`,
        [
          newId(),
          customer.id,
          row.status,
          row.trial_end,
          row.period_end,
          row.cancelling === true,
          row.id,
        ],
      );
      const sessionId = await paysAgainAsVisitor(customer.email);
      calls.length = 0;
      const answer = await attach(server, customer.accessToken, sessionId);
      expect(answer.status, row.status).toBe(200);
      expect(answer.body.subscription, row.status).toMatchObject({
        plan_id: 'business',
        status: 'active',
      });
      expect(calls.filter((c) => c.method === 'cancelAtPeriodEnd')).toEqual([]);
      if (row.id !== null) expect(calls.some((c) => c.id === row.id)).toBe(false);
    }
    expect(await replacedRows(server)).toEqual([]);
  });
});

describe('on Stripe', () => {
  const stripe = useStripeTestServer();

  it('the old Stripe subscription is set to cancel at its period end, once', async () => {
    // Subscribed while signed in: Business monthly, attached by Stripe's event.
    const customer = await loggedInCustomer(stripe.server, {});
    const first = await stripe.subscribeSignedIn(customer);
    expect(await accountRow(stripe.server, customer.id)).toMatchObject({
      plan_id: 'business',
      status: 'active',
      provider_subscription_id: first.subscription,
    });

    // The same person pays Scale yearly on the public page, then signs in and attaches it.
    const visitor = await createCheckout(stripe.server, 'scale', 'yearly');
    const second = stripe.fake.completeSession(visitor.id, customer.email);
    expect((await sendWebhook(stripe.server, checkoutCompleted(visitor.id))).status).toBe(200);
    const answer = await attach(stripe.server, customer.accessToken, visitor.id);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({
      plan_id: 'scale',
      billingCycle: 'yearly',
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(await accountRow(stripe.server, customer.id)).toMatchObject({
      provider_subscription_id: second.subscription,
      stripe_customer_id: second.customer,
    });

    expect(stripe.fake.subscriptions.get(first.subscription)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(stripe.fake.subscriptions.get(second.subscription)).toMatchObject({
      cancel_at_period_end: false,
    });
    expect(stripe.cancelRequests(first.subscription)).toHaveLength(1);

    // Stripe's event for that update mirrors nothing into the account; a second attach and the
    // payment event again ask nothing more.
    const updated = signedEvent({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: first.subscription, object: 'subscription' } },
    });
    expect((await sendWebhook(stripe.server, updated)).status).toBe(200);
    expect((await attach(stripe.server, customer.accessToken, visitor.id)).status).toBe(200);
    expect((await sendWebhook(stripe.server, checkoutCompleted(visitor.id))).status).toBe(200);
    expect(stripe.cancelRequests(first.subscription)).toHaveLength(1);
    expect(await accountRow(stripe.server, customer.id)).toMatchObject({
      plan_id: 'scale',
      billing_cycle: 'yearly',
      status: 'active',
      cancel_at_period_end: false,
      provider_subscription_id: second.subscription,
    });
  });
});
