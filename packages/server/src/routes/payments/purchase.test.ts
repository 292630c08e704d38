import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatDate, messages } from '@portal/core/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { newId } from '../../auth/tokens.ts';
import { loadConfig, type ServerConfig } from '../../config.ts';
import { createPgliteDatabase } from '../../db/pglite.ts';
import { migrate } from '../../db/migrate.ts';
import { seedPlans } from '../../db/seed.ts';
import { useSmtpTestServer } from '../../mail/test-smtp.ts';
import { onboardingLinkSubject } from '../../mail/templates/onboarding-link.ts';
import { paymentReceiptSubject } from '../../mail/templates/payment-receipt.ts';
import { createPaymentProvider, type PaymentProviderFactory } from '../../payments/index.ts';
import { createSandboxProvider, SANDBOX_CARDS } from '../../payments/sandbox/provider.ts';
import {
  call,
  createCustomer,
  freshPglite,
  loggedInCustomer,
  sessionFor,
  settleAll,
  type TestCustomer,
  type TestServer,
} from '../../test/harness.ts';
import { texts } from '../../texts.ts';
import {
  CANCEL_URL,
  checkoutCompleted,
  count,
  createCheckout,
  finalize,
  inviteFor,
  newAccount,
  ORIGIN,
  sendWebhook,
  submitPayment,
  WEBHOOK_SECRET,
} from './test-support.ts';

/**
 * While set, the provider holds each checkout creation until `count` of them are waiting, so
 * concurrent clicks all get past the open-session lookup before any session is recorded.
 */
let barrier: { count: number; waiting: (() => void)[] } | undefined;

const payments: PaymentProviderFactory = ({ db, config }) => {
  const sandbox = createPaymentProvider(config, db);
  return {
    ...sandbox,
    async createCheckoutSession(input) {
      const held = barrier;
      if (held !== undefined) {
        await new Promise<void>((resolve) => {
          held.waiting.push(resolve);
          if (held.waiting.length >= held.count) for (const release of held.waiting) release();
        });
      }
      return sandbox.createCheckoutSession(input);
    },
  };
};

const smtpTest = useSmtpTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET }, payments });
beforeEach(() => {
  barrier = undefined;
});

const RETURN_URL = `${ORIGIN}/payment/success?session_id=%7BCHECKOUT_SESSION_ID%7D`;
const DAY = 24 * 3600 * 1000;

type Session = { id: string; url: string };
type Current = {
  hasSubscription: boolean;
  subscription: Record<string, unknown> | null;
  usage: Record<string, number>;
};

function checkout(
  token: string | undefined,
  body: Record<string, unknown> = {},
  options: { remoteAddress?: string } = {},
) {
  return call<{ data: Session; message?: string }>(
    smtpTest.server,
    'POST',
    '/api/client/subscription/checkout',
    {
      ...(token === undefined ? {} : { token }),
      body: {
        plan_id: 'scale',
        billingCycle: 'yearly',
        successUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        ...body,
      },
      ...options,
    },
  );
}

function attach(token: string, sessionId: string) {
  return call<Current & { message?: string }>(
    smtpTest.server,
    'POST',
    '/api/client/subscription/attach',
    {
      token,
      body: { session_id: sessionId },
    },
  );
}

function resend(email: string, remoteAddress = '203.0.113.10') {
  return call<{ message: string }>(smtpTest.server, 'POST', '/api/onboarding/resend-link', {
    body: { email },
    remoteAddress,
  });
}

/** The provider takes the payment but its event is not delivered (yet): the sandbox's own state. */
async function payAtProviderOnly(sessionId: string, email = 'acheteur@example.test') {
  const sandbox = createSandboxProvider({
    db: smtpTest.server.db,
    publicOrigin: ORIGIN,
    webhookSecret: WEBHOOK_SECRET,
  });
  expect(await sandbox.pay(sessionId, { card: SANDBOX_CARDS.success, email })).toBe('paid');
}

/** A customer without subscription, or with the given row (trial, paid, cancelled...). */
async function customerWith(
  row?: Partial<{
    plan_id: string;
    status: string;
    trial_end: Date | null;
    current_period_end: Date | null;
    cancel_at_period_end: boolean;
    provider_subscription_id: string | null;
  }>,
): Promise<TestCustomer & { accessToken: string }> {
  const customer = await loggedInCustomer(smtpTest.server, {});
  if (row !== undefined) {
    await smtpTest.server.db.query(
      `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status, trial_end,
         current_period_end, cancel_at_period_end, provider_subscription_id)
       VALUES ($1, $2, $3, 'monthly', $4, $5, $6, $7, $8)`,
      [
        newId(),
        customer.id,
        row.plan_id ?? 'basic',
        row.status ?? 'trialing',
        row.trial_end ?? null,
        row.current_period_end ?? null,
        row.cancel_at_period_end ?? false,
        row.provider_subscription_id ?? null,
      ],
    );
  }
  return customer;
}

function trialRow() {
  const now = smtpTest.server.clock.now().getTime();
  return { status: 'trialing', trial_end: new Date(now + 7 * DAY), current_period_end: null };
}

async function subscriptionRows(customerId: string) {
  return smtpTest.server.db.query<Record<string, unknown>>(
    `SELECT plan_id, billing_cycle, status, trial_end, cancel_at_period_end,
       provider_subscription_id, checkout_session_id, current_period_end
     FROM subscriptions WHERE customer_id = $1`,
    [customerId],
  );
}

async function outbox() {
  return smtpTest.server.db.query<{
    kind: string;
    recipient: string;
    payload: Record<string, unknown>;
  }>('SELECT kind, recipient, payload FROM outbox ORDER BY kind, created_at, id');
}

describe('signed-in checkout', () => {
  it('needs a signed-in customer', async () => {
    const answer = await checkout(undefined);
    expect(answer.status).toBe(401);
  });

  it("opens a session for the account's provider customer (created on the first purchase)", async () => {
    const customer = await customerWith(trialRow());
    const answer = await checkout(customer.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data.id).toMatch(/^cs_sandbox_/);
    expect(answer.body.data.url).toBe(`${ORIGIN}/sandbox/checkout/${answer.body.data.id}`);

    const [account] = await smtpTest.server.db.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(account?.stripe_customer_id).toMatch(/^cus_sandbox_/);
    const [row] = await smtpTest.server.db.query<Record<string, unknown>>(
      'SELECT * FROM checkout_sessions WHERE id = $1',
      [answer.body.data.id],
    );
    expect(row).toMatchObject({
      customer_id: customer.id,
      provider_customer_id: account?.stripe_customer_id,
      customer_email: customer.email,
      plan_id: 'scale',
      billing_cycle: 'yearly',
      amount_total: 40789,
      status: 'open',
      payment_status: 'unpaid',
      url: answer.body.data.url,
      success_url: `${ORIGIN}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: CANCEL_URL,
    });
    expect(
      await count(smtpTest.server, 'sandbox_customers WHERE id = $1', [
        account?.stripe_customer_id,
      ]),
    ).toBe(1);

    // A later purchase reuses the same provider customer.
    const other = await checkout(customer.accessToken, { plan_id: 'basic' });
    const [second] = await smtpTest.server.db.query<{ provider_customer_id: string }>(
      'SELECT provider_customer_id FROM checkout_sessions WHERE id = $1',
      [other.body.data.id],
    );
    expect(second?.provider_customer_id).toBe(account?.stripe_customer_id);
    expect(await count(smtpTest.server, 'sandbox_customers')).toBe(1);
  });

  it('a double click makes one session: concurrent and later repeats answer the same one', async () => {
    const customer = await customerWith(trialRow());
    barrier = { count: 4, waiting: [] };
    const answers = await settleAll(
      Array.from({ length: 4 }, () => checkout(customer.accessToken)),
    );
    barrier = undefined;
    const ids = answers.map((answer) => {
      if (answer.status !== 'fulfilled') throw answer.reason;
      expect(answer.value.status).toBe(200);
      return answer.value.body.data.id;
    });
    expect(new Set(ids).size).toBe(1);
    const again = await checkout(customer.accessToken);
    expect(again.body.data).toEqual({ id: ids[0], url: `${ORIGIN}/sandbox/checkout/${ids[0]}` });
    expect(
      await count(smtpTest.server, "checkout_sessions WHERE customer_id = $1 AND status = 'open'", [
        customer.id,
      ]),
    ).toBe(1);
    // The session bills the provider customer the account kept.
    const [account] = await smtpTest.server.db.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM customers WHERE id = $1',
      [customer.id],
    );
    const [open] = await smtpTest.server.db.query<{ provider_customer_id: string }>(
      "SELECT provider_customer_id FROM checkout_sessions WHERE customer_id = $1 AND status = 'open'",
      [customer.id],
    );
    expect(open?.provider_customer_id).toBe(account?.stripe_customer_id);
    // The sessions the other clicks opened at the provider can no longer be paid.
    expect(await count(smtpTest.server, "checkout_sessions WHERE status = 'expired'")).toBe(3);

    // Another cycle is another choice: another session.
    const monthly = await checkout(customer.accessToken, { billingCycle: 'monthly' });
    expect(monthly.status).toBe(200);
    expect(monthly.body.data.id).not.toBe(ids[0]);
  });

  it('an open session past its deadline is not answered again: a new one is opened', async () => {
    const customer = await customerWith(trialRow());
    const first = await checkout(customer.accessToken);
    await smtpTest.server.db.query(
      "UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1",
      [first.body.data.id],
    );
    const second = await checkout(customer.accessToken);
    expect(second.status).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const [old] = await smtpTest.server.db.query<{ status: string }>(
      'SELECT status FROM checkout_sessions WHERE id = $1',
      [first.body.data.id],
    );
    expect(old?.status).toBe('expired');
  });

  it('409 while a paid subscription runs; a cancelled one still running says to resume it', async () => {
    const now = smtpTest.server.clock.now().getTime();
    const paid = await customerWith({
      status: 'active',
      current_period_end: new Date(now + 20 * DAY),
      provider_subscription_id: 'sub_sandbox_paid',
    });
    const refused = await checkout(paid.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.purchase.alreadySubscribed);
    expect(refused.body.message).toBe(
      'Vous avez déjà un abonnement actif : changez de plan depuis « Mon abonnement ».',
    );

    const pastDue = await customerWith({
      status: 'past_due',
      current_period_end: new Date(now + 2 * DAY),
      provider_subscription_id: 'sub_sandbox_late',
    });
    expect((await checkout(pastDue.accessToken)).status).toBe(409);

    const periodEnd = new Date(now + 10 * DAY);
    const cancelling = await customerWith({
      status: 'active',
      current_period_end: periodEnd,
      cancel_at_period_end: true,
      provider_subscription_id: 'sub_sandbox_cancelling',
    });
    const resume = await checkout(cancelling.accessToken);
    expect(resume.status).toBe(409);
    expect(resume.body.message).toBe(texts.payments.resumeInstead(formatDate(periodEnd)));
    expect(resume.body.message).toBe(
      `Votre abonnement est résilié mais reste actif jusqu'au ${formatDate(periodEnd)} : reprenez-le depuis « Mon abonnement ».`,
    );
    expect(await count(smtpTest.server, 'checkout_sessions')).toBe(0);
  });

  it('a trial (running or ended), an ended cancellation, a cancelled or no subscription may buy', async () => {
    const now = smtpTest.server.clock.now().getTime();
    const rows = [
      undefined,
      trialRow(),
      { status: 'trialing', trial_end: new Date(now - DAY) },
      {
        status: 'canceled',
        current_period_end: new Date(now - DAY),
        provider_subscription_id: 'sub_a',
      },
      {
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: new Date(now - 1000),
        provider_subscription_id: 'sub_b',
      },
    ];
    for (const row of rows) {
      const customer = await customerWith(row);
      const answer = await checkout(customer.accessToken);
      expect(answer.status, JSON.stringify(row)).toBe(200);
    }
  });

  it('return URLs outside the allowed origins, an unknown plan and too many sessions are refused', async () => {
    const customer = await customerWith(trialRow());
    const outside = await checkout(customer.accessToken, {
      successUrl: 'https://evil.example/steal?session_id=%7BCHECKOUT_SESSION_ID%7D',
      cancelUrl: 'https://evil.example/cancel',
    });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({
      message: texts.payments.returnUrlRefused,
      errors: {
        successUrl: texts.payments.returnUrlRefused,
        cancelUrl: texts.payments.returnUrlRefused,
      },
    });
    const unknown = await checkout(customer.accessToken, { plan_id: 'platinum' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(texts.payments.planNotFound);

    // The visitor route's budget per address, shared: 20 sessions in 10 minutes.
    const budget = smtpTest.server.config.checkoutLimit;
    expect(budget).toEqual({ perAddress: 20, windowSeconds: 600 });
    // The unknown plan spent one call; 19 more pass, the 21st is refused.
    for (let index = 1; index < budget.perAddress; index += 1) {
      expect((await checkout(customer.accessToken)).status).toBe(200);
    }
    expect(
      (await checkout(customer.accessToken, {}, { remoteAddress: '198.51.100.8' })).status,
    ).toBe(200);
    const spent = await checkout(customer.accessToken);
    expect(spent.status).toBe(429);
    expect(spent.body.message).toBe(messages.http[429]);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('attaching a paid checkout', () => {
  it('the return page attaches a signed-in purchase: the trial row becomes the paid subscription', async () => {
    const customer = await customerWith(trialRow());
    const session = (await checkout(customer.accessToken)).body.data;
    await payAtProviderOnly(session.id, customer.email);

    const answer = await attach(customer.accessToken, session.id);
    expect(answer.status).toBe(200);
    const [provider] = await smtpTest.server.db.query<{ id: string; current_period_end: Date }>(
      'SELECT id, current_period_end FROM sandbox_subscriptions',
    );
    expect(answer.body).toEqual({
      hasSubscription: true,
      subscription: {
        name: 'Scale',
        price: 407.89,
        plan_id: 'scale',
        billingCycle: 'yearly',
        status: 'active',
        current_period_end: provider?.current_period_end.toISOString(),
        trial_end: null,
        cancel_at_period_end: false,
      },
      usage: { licensesUsed: 0, licensesLimit: 3, licensesRemaining: 3 },
    });
    expect(await subscriptionRows(customer.id)).toEqual([
      {
        plan_id: 'scale',
        billing_cycle: 'yearly',
        status: 'active',
        trial_end: null,
        cancel_at_period_end: false,
        provider_subscription_id: provider?.id,
        checkout_session_id: session.id,
        current_period_end: provider?.current_period_end,
      },
    ]);
    const current = await call<Current>(
      smtpTest.server,
      'GET',
      '/api/client/subscription/current',
      {
        token: customer.accessToken,
      },
    );
    expect(current.body).toEqual(answer.body);

    // The receipt, once, to the account's email.
    expect(await outbox()).toEqual([
      {
        kind: 'payment-receipt',
        recipient: customer.email,
        payload: expect.objectContaining({
          planName: 'Scale',
          billingCycle: 'yearly',
          amountCents: 40789,
          reference: session.id,
        }),
      },
    ]);
  });

  it('the plan bought sets the limit: the oldest licences stay active, the others are set aside, none deleted', async () => {
    const ended = smtpTest.server.clock.now().getTime() - DAY;
    const customer = await customerWith({
      plan_id: 'scale',
      status: 'canceled',
      current_period_end: new Date(ended),
    });
    for (const [index, domain] of [
      'un.boutique.fr',
      'deux.boutique.fr',
      'trois.boutique.fr',
    ].entries()) {
      await smtpTest.server.db.query(
        `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status, created_at)
         VALUES ($1, $2, $3, $4, 'Theme', 'active', $5)`,
        [
          newId(),
          customer.id,
          domain,
          `boutique-${index}.myshopify.com`,
          new Date(ended + index * 1000),
        ],
      );
    }
    const session = (
      await checkout(customer.accessToken, { plan_id: 'basic', billingCycle: 'monthly' })
    ).body.data;
    await payAtProviderOnly(session.id, customer.email);

    const answer = await attach(customer.accessToken, session.id);
    expect(answer.status).toBe(200);
    expect(answer.body.usage).toEqual({ licensesUsed: 1, licensesLimit: 1, licensesRemaining: 0 });
    const licences = await smtpTest.server.db.query<{ custom_domain: string; status: string }>(
      'SELECT custom_domain, status FROM licences WHERE customer_id = $1 ORDER BY created_at',
      [customer.id],
    );
    expect(licences).toEqual([
      { custom_domain: 'un.boutique.fr', status: 'active' },
      { custom_domain: 'deux.boutique.fr', status: 'inactive' },
      { custom_domain: 'trois.boutique.fr', status: 'inactive' },
    ]);
  });

  it('attaching twice, and the webhook before or after, change nothing more', async () => {
    const customer = await customerWith(trialRow());
    const session = (await checkout(customer.accessToken)).body.data;
    await payAtProviderOnly(session.id, customer.email);

    const first = await attach(customer.accessToken, session.id);
    const before = await subscriptionRows(customer.id);
    const second = await attach(customer.accessToken, session.id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await sendWebhook(smtpTest.server, checkoutCompleted(session.id))).status).toBe(200);
    expect(await subscriptionRows(customer.id)).toEqual(before);
    expect(await count(smtpTest.server, 'outbox')).toBe(1);

    // The webhook first, then the return page.
    const other = await customerWith(trialRow());
    const next = (await checkout(other.accessToken, { billingCycle: 'monthly' })).body.data;
    await payAtProviderOnly(next.id, other.email);
    expect((await sendWebhook(smtpTest.server, checkoutCompleted(next.id))).status).toBe(200);
    const attachedByEvent = await subscriptionRows(other.id);
    expect(attachedByEvent).toMatchObject([{ status: 'active', checkout_session_id: next.id }]);
    const late = await attach(other.accessToken, next.id);
    expect(late.status).toBe(200);
    expect(late.body.subscription).toMatchObject({ status: 'active', billingCycle: 'monthly' });
    expect(await subscriptionRows(other.id)).toEqual(attachedByEvent);
    expect(await count(smtpTest.server, "outbox WHERE kind = 'payment-receipt'")).toBe(2);
    expect(await count(smtpTest.server, "outbox WHERE kind = 'onboarding-link'")).toBe(0);
  });

  it('attach and webhooks at once apply the payment once', async () => {
    const customer = await customerWith(trialRow());
    const session = (await checkout(customer.accessToken)).body.data;
    await payAtProviderOnly(session.id, customer.email);
    const results = await settleAll([
      attach(customer.accessToken, session.id),
      sendWebhook(smtpTest.server, checkoutCompleted(session.id)),
      attach(customer.accessToken, session.id),
      sendWebhook(smtpTest.server, checkoutCompleted(session.id)),
    ]);
    for (const result of results) {
      expect(result.status).toBe('fulfilled');
      if (result.status === 'fulfilled') expect(result.value.status).toBe(200);
    }
    expect(await subscriptionRows(customer.id)).toMatchObject([
      { status: 'active', checkout_session_id: session.id },
    ]);
    expect(await count(smtpTest.server, 'outbox')).toBe(1);
  });

  it('unknown 404, unpaid 409, another account 409, used by an onboarding 409', async () => {
    const customer = await customerWith(trialRow());
    const missing = await attach(customer.accessToken, 'cs_sandbox_unknown');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(texts.payments.sessionNotFound);

    const session = (await checkout(customer.accessToken)).body.data;
    const unpaid = await attach(customer.accessToken, session.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe(messages.purchase.paymentNotConfirmed);
    expect(unpaid.body.message).toBe(
      "Le paiement n'est pas encore confirmé. Réessayez dans un instant.",
    );

    const intruder = await customerWith(trialRow());
    const before = await subscriptionRows(intruder.id);
    for (const state of ['unpaid', 'paid'] as const) {
      if (state === 'paid') await payAtProviderOnly(session.id, customer.email);
      const refused = await attach(intruder.accessToken, session.id);
      expect(refused.status, state).toBe(409);
      expect(refused.body.message).toBe(messages.purchase.paymentAttachedElsewhere);
      expect(refused.body.message).toBe('Ce paiement est déjà rattaché à un autre compte.');
    }
    expect(await subscriptionRows(intruder.id)).toEqual(before);

    // A visitor's payment that already created an account belongs to that account.
    const visitor = await createCheckout(smtpTest.server);
    await submitPayment(smtpTest.server, visitor.id, '4242 4242 4242 4242');
    expect(
      (await finalize(smtpTest.server, await inviteFor(smtpTest.server, visitor.id))).status,
    ).toBe(201);
    const taken = await attach(intruder.accessToken, visitor.id);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.purchase.paymentAttachedElsewhere);
    expect(await subscriptionRows(intruder.id)).toEqual(before);
  });

  it("a visitor's paid checkout attached by a signed-in account can no longer create an account", async () => {
    const customer = await customerWith({
      status: 'canceled',
      provider_subscription_id: 'sub_old',
    });
    const visitor = await createCheckout(smtpTest.server, 'business', 'monthly');
    await payAtProviderOnly(visitor.id, customer.email);
    const answer = await attach(customer.accessToken, visitor.id);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({
      plan_id: 'business',
      billingCycle: 'monthly',
      status: 'active',
    });
    // The provider customer billing the live subscription is the account's now.
    const [session] = await smtpTest.server.db.query<{ provider_customer_id: string }>(
      'SELECT provider_customer_id FROM checkout_sessions WHERE id = $1',
      [visitor.id],
    );
    const [account] = await smtpTest.server.db.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(account?.stripe_customer_id).toBe(session?.provider_customer_id);
    const verify = await call(smtpTest.server, 'GET', `/api/onboarding/sessions/${visitor.id}`);
    expect(verify.status).toBe(409);
  });
});

describe('the provider event for a paid checkout', () => {
  it("a visitor's payment: receipt and account-creation link, once each, whatever the replays", async () => {
    const session = await createCheckout(smtpTest.server, 'scale', 'monthly');
    await payAtProviderOnly(session.id, 'Visiteur@Example.test');
    for (const eventId of ['evt_a', 'evt_a', 'evt_b']) {
      expect(
        (await sendWebhook(smtpTest.server, checkoutCompleted(session.id, eventId))).status,
      ).toBe(200);
    }
    const mails = await outbox();
    expect(mails).toEqual([
      {
        kind: 'onboarding-link',
        recipient: 'Visiteur@Example.test',
        payload: {
          link: `${ORIGIN}/onboarding?session_id=${session.id}`,
          planName: 'Scale',
          billingCycle: 'monthly',
        },
      },
      {
        kind: 'payment-receipt',
        recipient: 'Visiteur@Example.test',
        payload: {
          planName: 'Scale',
          billingCycle: 'monthly',
          amountCents: 3999,
          paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          reference: session.id,
        },
      },
    ]);
    // No account yet: nothing is subscribed.
    expect(await count(smtpTest.server, 'subscriptions')).toBe(0);
  });

  it('the sandbox delivers its payment at once: paying a visitor checkout queues both mails', async () => {
    const session = await createCheckout(smtpTest.server);
    expect(
      (await submitPayment(smtpTest.server, session.id, '4242 4242 4242 4242')).statusCode,
    ).toBe(303);
    expect((await outbox()).map((mail) => mail.kind)).toEqual([
      'onboarding-link',
      'payment-receipt',
    ]);
  });

  it("a signed-in account's payment through the sandbox page is its subscription at once", async () => {
    const customer = await customerWith(trialRow());
    const session = (await checkout(customer.accessToken)).body.data;
    const paid = await submitPayment(
      smtpTest.server,
      session.id,
      '4242 4242 4242 4242',
      customer.email,
    );
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ORIGIN}/payment/success?session_id=${session.id}`);
    expect(await subscriptionRows(customer.id)).toMatchObject([
      { plan_id: 'scale', status: 'active', trial_end: null },
    ]);
    expect((await outbox()).map((mail) => [mail.kind, mail.recipient])).toEqual([
      ['payment-receipt', customer.email],
    ]);
    // The return page's attach then answers the same state.
    const answer = await attach(customer.accessToken, session.id);
    expect(answer.body.subscription).toMatchObject({ status: 'active', plan_id: 'scale' });
    // And a new checkout is refused: the subscription is active.
    expect((await checkout(customer.accessToken)).status).toBe(409);
  });
});

describe('existing account pays as a visitor (onboarding, then sign in and attach)', () => {
  it('verify answers the email; finalize 409; login; attach makes the subscription active', async () => {
    const existing = await createCustomer(smtpTest.server, { email: 'deja.client@example.test' });
    const session = await createCheckout(smtpTest.server, 'scale', 'yearly');
    await submitPayment(smtpTest.server, session.id, '4242 4242 4242 4242', existing.email);

    const verified = await call(smtpTest.server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(verified.body).toEqual({
      success: true,
      planDetails: { id: 'scale', name: 'Scale', price: 407.89 },
      billingCycle: 'yearly',
      email: existing.email,
    });
    const refused = await finalize(smtpTest.server, await inviteFor(smtpTest.server, session.id), {
      ...newAccount,
      email: existing.email,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: messages.onboarding.emailTaken,
      errors: { email: 'Cet email est déjà utilisé' },
    });

    const login = await call<{ tokens: { accessToken: string } }>(
      smtpTest.server,
      'POST',
      '/api/client/auth/login',
      { body: { email: existing.email, password: existing.password } },
    );
    expect(login.status).toBe(200);
    const answer = await attach(login.body.tokens.accessToken, session.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      hasSubscription: true,
      subscription: { plan_id: 'scale', billingCycle: 'yearly', status: 'active' },
    });
    expect(await count(smtpTest.server, 'customers')).toBe(1);
    // The link mailed at payment no longer creates an account.
    expect(
      (await call(smtpTest.server, 'GET', `/api/onboarding/sessions/${session.id}`)).status,
    ).toBe(409);
  });
});

describe('resending the account-creation link', () => {
  it('the same 202 answer for a paid, an unpaid and an unknown email; links only for paid, unused sessions', async () => {
    const paidA = await createCheckout(smtpTest.server, 'scale', 'yearly');
    const paidB = await createCheckout(smtpTest.server, 'basic', 'monthly');
    await payAtProviderOnly(paidA.id, 'payeur@example.test');
    await payAtProviderOnly(paidB.id, 'payeur@example.test');
    const used = await createCheckout(smtpTest.server);
    await submitPayment(smtpTest.server, used.id, '4242 4242 4242 4242', 'payeur@example.test');
    expect(
      (
        await finalize(smtpTest.server, await inviteFor(smtpTest.server, used.id), {
          ...newAccount,
          email: 'payeur@example.test',
        })
      ).status,
    ).toBe(201);
    await createCheckout(smtpTest.server); // opened by nobody who paid
    await smtpTest.server.db.query('DELETE FROM outbox');

    const answers = [];
    for (const email of ['PAYEUR@example.test', 'impaye@example.test', 'inconnu@example.test']) {
      answers.push(await resend(email));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: messages.purchase.resendSent });
    }
    expect(answers[0]?.body.message).toBe(
      'Si un paiement a été fait avec cet email, le lien de création de compte vient de vous être envoyé.',
    );
    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.recipient, mail.payload.link])).toEqual(
      expect.arrayContaining([
        ['onboarding-link', 'payeur@example.test', `${ORIGIN}/onboarding?session_id=${paidA.id}`],
        ['onboarding-link', 'payeur@example.test', `${ORIGIN}/onboarding?session_id=${paidB.id}`],
      ]),
    );
    expect(mails).toHaveLength(2);
  });

  it('the link reaches the inbox: subject, plan and the onboarding link over SMTP', async () => {
    const session = await createCheckout(smtpTest.server, 'business', 'yearly');
    await payAtProviderOnly(session.id, 'boite@example.test');
    await smtpTest.server.db.query('DELETE FROM outbox');
    expect((await resend('boite@example.test')).status).toBe(202);
    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    expect(smtpTest.smtp.received).toHaveLength(1);
    const [{ to, parsed }] = smtpTest.smtp.received as [(typeof smtpTest.smtp.received)[number]];
    expect(to).toEqual(['boite@example.test']);
    expect(parsed.subject).toBe(onboardingLinkSubject);
    const link = `${ORIGIN}/onboarding?session_id=${session.id}`;
    expect(parsed.text).toContain(link);
    expect(parsed.text).toContain('votre abonnement Business (facturation annuelle) est réglé');
    expect(parsed.html).toContain(`href="${link}"`);
  });

  it('the receipt reaches the inbox with the amount in euros and the date in French', async () => {
    const session = await createCheckout(smtpTest.server, 'basic', 'monthly');
    await submitPayment(smtpTest.server, session.id, '4242 4242 4242 4242', 'recu@example.test');
    await smtpTest.server.app.mail.drain();
    const receipt = smtpTest.smtp.received.find(
      (mail) => mail.parsed.subject === paymentReceiptSubject,
    );
    expect(receipt?.to).toEqual(['recu@example.test']);
    expect(receipt?.parsed.text).toContain('Montant : 19,99\u00a0€');
    expect(receipt?.parsed.text).toContain(`Date : ${formatDate(smtpTest.server.clock.now())}`);
    expect(receipt?.parsed.text).toContain('Facturation : Mensuelle');
  });

  it('budgets: 5 per email and 20 per address in 15 minutes, then 429', async () => {
    const { perAccount, perAddress, windowSeconds } = smtpTest.server.config.loginLimit;
    expect({ perAccount, perAddress, windowSeconds }).toEqual({
      perAccount: 5,
      perAddress: 20,
      windowSeconds: 900,
    });
    for (let index = 0; index < 5; index += 1) {
      expect((await resend('cible@example.test', `192.0.2.${index}`)).status).toBe(202);
    }
    const perEmail = await resend('CIBLE@example.test', '192.0.2.99');
    expect(perEmail.status).toBe(429);
    expect(perEmail.body.message).toBe(messages.http[429]);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    for (let index = 0; index < 20; index += 1) {
      expect((await resend(`autre${index}@example.test`, '198.51.100.50')).status).toBe(202);
    }
    expect((await resend('encore@example.test', '198.51.100.50')).status).toBe(429);
    // The window passes: both budgets are back.
    smtpTest.server.clock.advance(windowSeconds);
    expect((await resend('cible@example.test', '198.51.100.50')).status).toBe(202);
  });
});

describe('a restart between the payment and its fulfilment loses nothing', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-purchase-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('paid while the server was down: after a restart on the same data, attach and webhook fulfil it', async () => {
    const config: ServerConfig = {
      ...loadConfig({ PUBLIC_ORIGIN: ORIGIN }),
      webDistDir: '/nonexistent',
      stripeWebhookSecret: WEBHOOK_SECRET,
    };
    const db = await freshPglite(dataDir);
    await migrate(db);
    await seedPlans(db);
    const first = await buildApp({ db, config });
    await first.ready();
    const before = { app: first, db };
    const customer = await createCustomer({ db, clock: smtpTest.server.clock });
    const tokens = await sessionFor(before, { kind: 'customer', id: customer.id });
    const signedIn = await call<{ data: Session }>(
      before,
      'POST',
      '/api/client/subscription/checkout',
      {
        token: tokens.accessToken,
        body: {
          plan_id: 'scale',
          billingCycle: 'monthly',
          successUrl: RETURN_URL,
          cancelUrl: CANCEL_URL,
        },
      },
    );
    const visitor = await call<{ data: Session }>(before, 'POST', '/api/stripe/checkout-sessions', {
      body: {
        plan_id: 'basic',
        billingCycle: 'yearly',
        successUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
      },
    });
    // The provider takes both payments; the server stops before hearing of them.
    const sandbox = createSandboxProvider({
      db,
      publicOrigin: ORIGIN,
      webhookSecret: WEBHOOK_SECRET,
    });
    await sandbox.pay(signedIn.body.data.id, {
      card: SANDBOX_CARDS.success,
      email: customer.email,
    });
    await sandbox.pay(visitor.body.data.id, {
      card: SANDBOX_CARDS.success,
      email: 'v@example.test',
    });
    await first.close();
    await db.close();

    const reopened = await createPgliteDatabase(dataDir);
    const second = await buildApp({ db: reopened, config });
    await second.ready();
    try {
      const attached = await call<Current>(
        { app: second },
        'POST',
        '/api/client/subscription/attach',
        {
          token: tokens.accessToken,
          body: { session_id: signedIn.body.data.id },
        },
      );
      expect(attached.status).toBe(200);
      expect(attached.body.subscription).toMatchObject({ plan_id: 'scale', status: 'active' });
      const event = checkoutCompleted(visitor.body.data.id);
      const delivered = await call({ app: second }, 'POST', '/api/stripe/webhook', {
        rawBody: event.body,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      });
      expect(delivered.status).toBe(200);
      const mails = await reopened.query<{ kind: string; recipient: string }>(
        'SELECT kind, recipient FROM outbox ORDER BY kind, recipient',
      );
      expect(mails).toEqual([
        { kind: 'onboarding-link', recipient: 'v@example.test' },
        { kind: 'payment-receipt', recipient: customer.email },
        { kind: 'payment-receipt', recipient: 'v@example.test' },
      ]);
    } finally {
      await second.close();
      await reopened.close();
    }
  });
});

// Two replicas over one PostgreSQL database (`pnpm test` runs this suite on PostgreSQL too).
if (process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '') {
  describe('purchases across replicas sharing PostgreSQL', () => {
    let replica: Awaited<ReturnType<NonNullable<TestServer['replica']>>>;
    beforeAll(async () => {
      if (smtpTest.server.replica === undefined) throw new Error('no replica over PostgreSQL');
      replica = await smtpTest.server.replica();
    });
    afterAll(async () => replica.close());

    it('clicks on both replicas open one session; attach and webhooks on both apply it once', async () => {
      const customer = await customerWith(trialRow());
      const body = {
        plan_id: 'scale',
        billingCycle: 'yearly',
        successUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
      };
      const clicks = await settleAll(
        Array.from({ length: 6 }, (_, index) =>
          call<{ data: Session }>(
            index % 2 === 0 ? smtpTest.server : replica,
            'POST',
            '/api/client/subscription/checkout',
            { token: customer.accessToken, body },
          ),
        ),
      );
      const ids = clicks.map((click) => {
        if (click.status !== 'fulfilled') throw click.reason;
        expect(click.value.status).toBe(200);
        return click.value.body.data.id;
      });
      expect(new Set(ids).size).toBe(1);
      const sessionId = ids[0] ?? '';

      await payAtProviderOnly(sessionId, customer.email);
      const event = () => checkoutCompleted(sessionId);
      const results = await settleAll([
        attach(customer.accessToken, sessionId),
        call(replica, 'POST', '/api/client/subscription/attach', {
          token: customer.accessToken,
          body: { session_id: sessionId },
        }),
        sendWebhook(smtpTest.server, event()),
        sendWebhook(replica, event()),
      ]);
      for (const result of results) {
        if (result.status !== 'fulfilled') throw result.reason;
        expect(result.value.status).toBe(200);
      }
      expect(await subscriptionRows(customer.id)).toMatchObject([
        { status: 'active', checkout_session_id: sessionId, trial_end: null },
      ]);
      expect(await count(smtpTest.server, 'outbox')).toBe(1);
    });
  });
}
