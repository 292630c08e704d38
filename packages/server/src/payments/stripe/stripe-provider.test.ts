import { describe, expect, it } from 'vitest';
import {
  CANCEL_URL,
  count,
  finalize,
  inviteFor,
  newAccount,
  ORIGIN,
  sendWebhook,
  signedEvent,
  SUCCESS_URL,
  SUCCESS_URL_SENT,
} from '../../routes/payments/test-support.ts';
import { call } from '../../test/harness.ts';
import { useStripeTestServer } from './stripe-test-server.ts';

const stripe = useStripeTestServer();

async function checkout(plan = 'scale', billingCycle = 'yearly') {
  const answer = await call<{ data: { id: string; url: string } }>(
    stripe.server,
    'POST',
    '/api/stripe/checkout-sessions',
    { body: { plan_id: plan, billingCycle, successUrl: SUCCESS_URL_SENT, cancelUrl: CANCEL_URL } },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

function completedEvent(sessionId: string, eventId = 'evt_stripe_1') {
  return signedEvent({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session' } },
  });
}

/** Paid on Stripe's page, announced by the webhook, then turned into an account. */
async function boughtAndOnboarded() {
  const session = await checkout();
  const ids = stripe.fake.completeSession(session.id, newAccount.email);
  expect((await sendWebhook(stripe.server, completedEvent(session.id))).status).toBe(200);
  const created = await finalize(stripe.server, await inviteFor(stripe.server, session.id));
  expect(created.status).toBe(201);
  const tokens = created.body.tokens as { accessToken: string };
  return { session, ids, accessToken: tokens.accessToken };
}

describe('Stripe provider (against a local fake of the API)', () => {
  it('creates a subscription-mode session on the lookup-keyed price and answers Stripe’s URL', async () => {
    const session = await checkout('scale', 'yearly');
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    const created = stripe.fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_1Fakescaleyear',
      'line_items[0][quantity]': '1',
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      'metadata[plan_id]': 'scale',
      'metadata[price_id]': 'price_scale_yearly',
      'metadata[billingCycle]': 'yearly',
    });
    const read = await call(stripe.server, 'GET', `/api/stripe/checkout-sessions/${session.id}`);
    expect(read.body).toEqual({
      data: {
        id: session.id,
        amount_total: 40789,
        currency: 'eur',
        status: 'open',
        payment_status: 'unpaid',
        plan_id: 'scale',
        billingCycle: 'yearly',
      },
    });
    const verified = await call(stripe.server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(verified.body).toMatchObject({ success: false });
  });

  it('the return page alone (no webhook yet) sees the payment, and a later webhook adds nothing', async () => {
    const session = await checkout('basic', 'monthly');
    const ids = stripe.fake.completeSession(session.id, newAccount.email);
    const verified = await call(stripe.server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(verified.body).toEqual({
      success: true,
      planDetails: { id: 'basic', name: 'Basic', price: 19.99 },
      billingCycle: 'monthly',
      email: newAccount.email,
    });
    const created = await finalize(stripe.server, await inviteFor(stripe.server, session.id));
    expect(created.status).toBe(201);
    expect(created.body.customer).toMatchObject({ stripe_customer_id: ids.customer });
    expect((await sendWebhook(stripe.server, completedEvent(session.id))).status).toBe(200);
    expect(await count(stripe.server, 'subscriptions')).toBe(1);
  });

  it('a session this server did not create is 404 without asking Stripe', async () => {
    const answer = await call(
      stripe.server,
      'GET',
      '/api/stripe/checkout-sessions/cs_test_elsewhere',
    );
    expect(answer.status).toBe(404);
    expect(stripe.fake.requests).toHaveLength(0);
  });

  it('the signed completion webhook records the payment; onboarding links the Stripe customer and subscription', async () => {
    const { session, ids, accessToken } = await boughtAndOnboarded();
    const [row] = await stripe.server.db.query<Record<string, unknown>>(
      `SELECT s.payment_status, s.provider_customer_id, s.provider_subscription_id,
         c.stripe_customer_id, sub.provider_subscription_id AS account_subscription
       FROM checkout_sessions s JOIN customers c ON c.id = s.customer_id
       JOIN subscriptions sub ON sub.customer_id = c.id WHERE s.id = $1`,
      [session.id],
    );
    expect(row).toEqual({
      payment_status: 'paid',
      provider_customer_id: ids.customer,
      provider_subscription_id: ids.subscription,
      stripe_customer_id: ids.customer,
      account_subscription: ids.subscription,
    });
    // A replay of the completion changes nothing.
    expect(
      (await sendWebhook(stripe.server, completedEvent(session.id, 'evt_stripe_2'))).status,
    ).toBe(200);
    expect(await count(stripe.server, 'subscriptions')).toBe(1);

    const portal = await call<{ data: { url: string } }>(
      stripe.server,
      'POST',
      '/api/stripe/customer-portal',
      {
        token: accessToken,
        body: { returnUrl: `${ORIGIN}/dashboard` },
      },
    );
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(
      stripe.fake.requests.find((r) => r.path === '/v1/billing_portal/sessions')?.params,
    ).toEqual({
      customer: ids.customer,
      return_url: `${ORIGIN}/dashboard`,
    });
  });

  it('changes and cancels the subscription on Stripe, and subscription events update the account', async () => {
    const { ids, accessToken } = await boughtAndOnboarded();
    const changed = await call(
      stripe.server,
      'PUT',
      `/api/stripe/subscriptions/${ids.subscription}`,
      {
        token: accessToken,
        body: { priceId: 'price_business_monthly' },
      },
    );
    expect(changed.body).toMatchObject({
      data: {
        id: ids.subscription,
        plan_id: 'business',
        billingCycle: 'monthly',
        status: 'active',
      },
    });
    const update = stripe.fake.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${ids.subscription}`,
    );
    expect(update?.params).toMatchObject({
      'items[0][id]': `si_${ids.subscription}`,
      'items[0][price]': 'price_1Fakebusinessmonth',
    });
    const current = await call(stripe.server, 'GET', '/api/client/subscription/current', {
      token: accessToken,
    });
    expect(current.body).toMatchObject({ subscription: { name: 'Business', price: 79.99 } });

    // A change made in Stripe's own portal arrives as an event.
    const stored = stripe.fake.subscriptions.get(ids.subscription) as { status: string };
    stored.status = 'canceled';
    const event = signedEvent({
      id: 'evt_sub_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: ids.subscription, object: 'subscription' } },
    });
    expect((await sendWebhook(stripe.server, event)).status).toBe(200);
    const after = await call(stripe.server, 'GET', '/api/client/subscription/current', {
      token: accessToken,
    });
    expect(after.body).toMatchObject({ hasSubscription: false });
  });

  it('lists prices from Stripe under the catalogue ids', async () => {
    const answer = await call<{ data: { id: string; unit_amount: number; product: string }[] }>(
      stripe.server,
      'GET',
      '/api/stripe/prices',
    );
    expect(answer.body.data).toHaveLength(6);
    expect(answer.body.data.find((p) => p.id === 'price_scale_yearly')).toMatchObject({
      unit_amount: 40789,
      product: 'prod_scale',
    });
    expect((await call(stripe.server, 'GET', '/api/stripe/prices/price_gold')).status).toBe(404);
  });

  it('the webhook refuses a body signed with another secret', async () => {
    const session = await checkout();
    stripe.fake.completeSession(session.id, newAccount.email);
    const forged = signedEvent(
      {
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: session.id } },
      },
      { secret: 'whsec_attacker' },
    );
    expect((await sendWebhook(stripe.server, forged)).status).toBe(400);
    const [row] = await stripe.server.db.query<{ payment_status: string }>(
      'SELECT payment_status FROM checkout_sessions WHERE id = $1',
      [session.id],
    );
    expect(row?.payment_status).toBe('unpaid');
  });
});
