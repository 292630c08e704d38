import { builtInPlans } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { call, useTestServer, loggedInCustomer } from '../../test/harness.ts';

const server = useTestServer();

describe('plans', () => {
  it('serves the three built-in plans, publicly', async () => {
    const answer = await call<{ plans: Record<string, unknown>[] }>(
      server,
      'GET',
      '/api/client/plans',
    );
    expect(answer.status).toBe(200);
    expect(
      answer.body.plans.map(
        ({ id, name, max_licenses, price, monthlyPrice, yearlyPrice, popular }) => ({
          id,
          name,
          max_licenses,
          price,
          monthlyPrice,
          yearlyPrice,
          popular,
        }),
      ),
    ).toEqual([
      {
        id: 'basic',
        name: 'Basic',
        max_licenses: 1,
        price: 19.99,
        monthlyPrice: 19.99,
        yearlyPrice: 203.89,
        popular: false,
      },
      {
        id: 'scale',
        name: 'Scale',
        max_licenses: 3,
        price: 39.99,
        monthlyPrice: 39.99,
        yearlyPrice: 407.89,
        popular: true,
      },
      {
        id: 'business',
        name: 'Business',
        max_licenses: 10,
        price: 79.99,
        monthlyPrice: 79.99,
        yearlyPrice: 815.89,
        popular: false,
      },
    ]);
    // The landing page shows core's built-in plans until this answer arrives: the texts must not change under the visitor.
    expect(
      answer.body.plans.map(({ name, description, features }) => ({ name, description, features })),
    ).toEqual(
      builtInPlans.map(({ name, description, features }) => ({ name, description, features })),
    );
    const features = answer.body.plans.map((plan) => plan.features as string[]);
    for (const list of features) {
      expect(list).toContain('Mises à jour du thème incluses');
      expect(list).toContain('10 % de réduction sur TrendTrack');
    }
    expect(features[0]).not.toContain('Boutique top du moment');
    expect(features[1]).toContain('Boutique top du moment');
    expect(features[2]).toContain('SAV prioritaire');
    expect(features[1]).not.toContain('SAV prioritaire');
  });

  it('hides an inactive plan', async () => {
    await server.db.query(`UPDATE plans SET active = false WHERE id = 'basic'`);
    const answer = await call<{ plans: { id: string }[] }>(server, 'GET', '/api/client/plans');
    expect(answer.body.plans.map((plan) => plan.id)).toEqual(['scale', 'business']);
  });
});

describe('current subscription', () => {
  it('answers the plan, its price and the licence usage', async () => {
    const customer = await loggedInCustomer(server);
    await call(server, 'POST', '/api/client/licenses', {
      token: customer.accessToken,
      body: { custom_domain: 'one.fr', shop_domain: 'one' },
    });
    const answer = await call(server, 'GET', '/api/client/subscription/current', {
      token: customer.accessToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      hasSubscription: true,
      subscription: {
        name: 'Scale',
        price: 39.99,
        plan_id: 'scale',
        billingCycle: 'monthly',
        status: 'active',
      },
      usage: { licensesUsed: 1, licensesLimit: 3, licensesRemaining: 2 },
    });
  });

  it('answers the yearly price on a yearly cycle', async () => {
    const customer = await loggedInCustomer(server, { plan: 'business' });
    await server.db.query(
      `UPDATE subscriptions SET billing_cycle = 'yearly' WHERE customer_id = $1`,
      [customer.id],
    );
    const answer = await call(server, 'GET', '/api/client/subscription/current', {
      token: customer.accessToken,
    });
    expect(answer.body).toMatchObject({ subscription: { name: 'Business', price: 815.89 } });
  });

  it('answers no subscription and a zero limit without one', async () => {
    const customer = await loggedInCustomer(server, {});
    const answer = await call(server, 'GET', '/api/client/subscription/current', {
      token: customer.accessToken,
    });
    expect(answer.body).toEqual({
      hasSubscription: false,
      subscription: null,
      usage: { licensesUsed: 0, licensesLimit: 0, licensesRemaining: 0 },
    });
  });

  it('answers hasSubscription false once cancelled', async () => {
    const customer = await loggedInCustomer(server);
    await server.db.query(`UPDATE subscriptions SET status = 'canceled' WHERE customer_id = $1`, [
      customer.id,
    ]);
    const answer = await call(server, 'GET', '/api/client/subscription/current', {
      token: customer.accessToken,
    });
    expect(answer.body).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'canceled' },
    });
  });
});
