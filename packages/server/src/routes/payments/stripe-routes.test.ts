import { describe, expect, it } from 'vitest';
import { call, useTestServer, loggedInCustomer, sessionFor } from '../../test/harness.ts';
import { onboardedCustomer } from './test-support.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

async function providerSubscriptionId(customerId: string): Promise<string> {
  const [row] = await server.db.query<{ provider_subscription_id: string }>(
    'SELECT provider_subscription_id FROM subscriptions WHERE customer_id = $1',
    [customerId],
  );
  if (row === undefined) throw new Error('no subscription');
  return row.provider_subscription_id;
}

describe('prices', () => {
  it('lists the six prices of the built-in plans in cents', async () => {
    const answer = await call<{ data: { id: string; unit_amount: number }[] }>(
      server,
      'GET',
      '/api/stripe/prices',
    );
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.body.data.map((p) => [p.id, p.unit_amount]))).toEqual({
      price_basic_monthly: 1999,
      price_basic_yearly: 20389,
      price_scale_monthly: 3999,
      price_scale_yearly: 40789,
      price_business_monthly: 7999,
      price_business_yearly: 81589,
    });
  });

  it('answers one price, or 404', async () => {
    const one = await call(server, 'GET', '/api/stripe/prices/price_scale_yearly');
    expect(one.body).toEqual({
      data: {
        id: 'price_scale_yearly',
        plan_id: 'scale',
        product: 'scale',
        unit_amount: 40789,
        currency: 'eur',
        interval: 'year',
      },
    });
    const missing = await call(server, 'GET', '/api/stripe/prices/price_gold');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: texts.payments.priceNotFound });
  });
});

describe('provider customers', () => {
  it('creates the provider customer once, then answers the same one', async () => {
    const customer = await loggedInCustomer(server);
    const created = await call<{ data: { id: string; email: string } }>(
      server,
      'POST',
      '/api/stripe/customers',
      { token: customer.accessToken, body: {} },
    );
    expect(created.status).toBe(200);
    // The contract marks the body optional: no body at all is the same call.
    const bodiless = await call<{ data: { id: string } }>(server, 'POST', '/api/stripe/customers', {
      token: customer.accessToken,
    });
    expect(bodiless.status).toBe(200);
    expect(bodiless.body.data.id).toBe(created.body.data.id);
    expect(created.body.data.email).toBe(customer.email);
    const again = await call<{ data: { id: string } }>(server, 'POST', '/api/stripe/customers', {
      token: customer.accessToken,
      body: { email: 'autre@example.test' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.id).toBe(created.body.data.id);
    const [row] = await server.db.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(row?.stripe_customer_id).toBe(created.body.data.id);
  });

  it("reads only the caller's own provider customer and subscription", async () => {
    const alice = await onboardedCustomer(server, 'scale', 'yearly', 'alice@example.test');
    const bob = await onboardedCustomer(server, 'basic', 'monthly', 'bob@example.test');
    const own = await call(
      server,
      'GET',
      `/api/stripe/customers/${alice.customer.stripe_customer_id}`,
      {
        token: alice.accessToken,
      },
    );
    expect(own.body).toMatchObject({ data: { id: alice.customer.stripe_customer_id } });
    const subscription = await call(
      server,
      'GET',
      `/api/stripe/customers/${alice.customer.stripe_customer_id}/subscription`,
      { token: alice.accessToken },
    );
    expect(subscription.body).toMatchObject({
      data: {
        status: 'active',
        plan_id: 'scale',
        price_id: 'price_scale_yearly',
        billingCycle: 'yearly',
      },
    });
    for (const url of [
      `/api/stripe/customers/${bob.customer.stripe_customer_id}`,
      `/api/stripe/customers/${bob.customer.stripe_customer_id}/subscription`,
    ]) {
      expect((await call(server, 'GET', url, { token: alice.accessToken })).status).toBe(404);
      expect((await call(server, 'GET', url)).status).toBe(401);
    }
  });
});

describe('subscriptions', () => {
  it('changes the price of an own subscription, reflected by subscription/current', async () => {
    const { customer, accessToken } = await onboardedCustomer(server, 'scale', 'yearly');
    const id = await providerSubscriptionId(customer._id);
    const changed = await call(server, 'PUT', `/api/stripe/subscriptions/${id}`, {
      token: accessToken,
      body: { priceId: 'price_basic_monthly' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      data: { id, plan_id: 'basic', price_id: 'price_basic_monthly', billingCycle: 'monthly' },
    });
    const current = await call(server, 'GET', '/api/client/subscription/current', {
      token: accessToken,
    });
    expect(current.body).toMatchObject({
      subscription: { name: 'Basic', price: 19.99 },
      usage: { licensesLimit: 1 },
    });
    const unknownPrice = await call(server, 'PUT', `/api/stripe/subscriptions/${id}`, {
      token: accessToken,
      body: { priceId: 'price_gold' },
    });
    expect(unknownPrice.status).toBe(400);
  });

  it("cancels an own subscription; another customer's is 404 and untouched", async () => {
    const alice = await onboardedCustomer(server, 'scale', 'yearly', 'alice@example.test');
    const bob = await onboardedCustomer(server, 'basic', 'monthly', 'bob@example.test');
    const bobs = await providerSubscriptionId(bob.customer._id);
    const refused = await call(server, 'DELETE', `/api/stripe/subscriptions/${bobs}`, {
      token: alice.accessToken,
    });
    expect(refused.status).toBe(404);
    const refusedChange = await call(server, 'PUT', `/api/stripe/subscriptions/${bobs}`, {
      token: alice.accessToken,
      body: { priceId: 'price_business_yearly' },
    });
    expect(refusedChange.status).toBe(404);
    const bobState = await call(server, 'GET', '/api/client/subscription/current', {
      token: bob.accessToken,
    });
    expect(bobState.body).toMatchObject({ hasSubscription: true, subscription: { name: 'Basic' } });

    const alices = await providerSubscriptionId(alice.customer._id);
    const cancelled = await call(server, 'DELETE', `/api/stripe/subscriptions/${alices}`, {
      token: alice.accessToken,
    });
    expect(cancelled.status).toBe(200);
    // At the period's end (docs/product.md, 'Subscription lifecycle'): active until then.
    expect(cancelled.body).toMatchObject({
      data: { id: alices, status: 'active', cancel_at_period_end: true },
    });
    const aliceState = await call(server, 'GET', '/api/client/subscription/current', {
      token: alice.accessToken,
    });
    expect(aliceState.body).toMatchObject({
      hasSubscription: true,
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    server.clock.advance(367 * 24 * 3600);
    // A new session: access tokens last 15 minutes.
    const later = await sessionFor(server, { kind: 'customer', id: alice.customer._id });
    const aliceLater = await call(server, 'GET', '/api/client/subscription/current', {
      token: later.accessToken,
    });
    expect(aliceLater.body).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'canceled' },
    });
  });
});
