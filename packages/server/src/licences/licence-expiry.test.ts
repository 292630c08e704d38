import { describe, expect, it } from 'vitest';
import {
  onboardedCustomer,
  submitPayment,
  WEBHOOK_SECRET,
} from '../routes/payments/test-support.ts';
import { call, createAdmin, sessionFor, useTestServer } from '../test/harness.ts';
import { subscriptionKit } from '../test/subscription-kit.ts';

// A licence's 'Expiration' is its customer's subscription's: the trial's end, then the end of
// the period paid, whatever changes it (docs/product.md#licences-tab). Each test first reads the
// list, so the list's cache holds it when the period changes.
const server = useTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET } });
const { current, trialCustomer, tokenOf, addLicence, licences, checkout, portal, postForm } =
  subscriptionKit(server);

const expiries = async (token: string) =>
  (await licences(token)).map((licence) => licence.expires_at);
const periodEnd = async (token: string) =>
  (await current(token)).subscription?.current_period_end ?? 'none';

/** A signed-in customer buys Scale in the sandbox's checkout; the payment attaches it. */
async function buySignedIn(token: string, email: string, cycle: 'monthly' | 'yearly') {
  const page = await checkout(token, cycle);
  const id = page.split('/').pop() ?? '';
  expect((await submitPayment(server, id, '4242 4242 4242 4242', email)).statusCode).toBe(303);
}

/** A customer who bought Scale monthly as a visitor, with one licence. */
async function subscriber() {
  const bought = await onboardedCustomer(server, 'scale', 'monthly');
  expect((await addLicence(bought.accessToken, 'boutique.fr')).status).toBe(201);
  return { id: bought.customer._id, accessToken: bought.accessToken };
}

describe("a licence's expiry follows its subscription", () => {
  it("during the trial, the trial's end; once paid, the end of the period paid", async () => {
    const trial = await trialCustomer();
    expect((await addLicence(trial.accessToken, 'essai.fr')).status).toBe(201);
    const trialEnd = (await current(trial.accessToken)).subscription?.trial_end;
    expect(await expiries(trial.accessToken)).toEqual([trialEnd]);

    await buySignedIn(trial.accessToken, trial.email, 'monthly');
    const paidUntil = await periodEnd(trial.accessToken);
    expect(paidUntil).not.toBe(trialEnd);
    expect(await expiries(trial.accessToken)).toEqual([paidUntil]);
  });

  it('a renewal moves it to the next period end', async () => {
    const customer = await subscriber();
    const first = await periodEnd(customer.accessToken);
    expect(await expiries(customer.accessToken)).toEqual([first]);

    await postForm(`${await portal(customer.accessToken)}/advance`);
    const renewed = await periodEnd(customer.accessToken);
    expect(new Date(renewed).getTime()).toBeGreaterThan(new Date(first).getTime());
    expect(await expiries(customer.accessToken)).toEqual([renewed]);
  });

  it('a switch to yearly moves it to the new period end', async () => {
    const customer = await subscriber();
    const monthly = await periodEnd(customer.accessToken);
    expect(await expiries(customer.accessToken)).toEqual([monthly]);

    const changed = await call(server, 'PUT', '/api/client/subscription/current', {
      token: customer.accessToken,
      body: { plan_id: 'scale', billingCycle: 'yearly' },
    });
    expect(changed.status).toBe(200);
    const yearly = await periodEnd(customer.accessToken);
    expect(new Date(yearly).getTime() - new Date(monthly).getTime()).toBeGreaterThan(
      300 * 24 * 3600 * 1000,
    );
    expect(await expiries(customer.accessToken)).toEqual([yearly]);
  });

  it('cancelled, it expires when the subscription ends; subscribing again, with the new period', async () => {
    const customer = await subscriber();
    await call(server, 'POST', '/api/client/subscription/cancel', {
      token: customer.accessToken,
    });
    const ends = await periodEnd(customer.accessToken);
    expect(await expiries(customer.accessToken)).toEqual([ends]);

    // The period runs out (the sandbox's clock); a year later the customer subscribes again.
    await postForm(`${await portal(customer.accessToken)}/advance`);
    server.clock.advance(365 * 24 * 3600);
    const token = await tokenOf(customer.id);
    expect((await licences(token)).map(({ status, expires_at }) => [status, expires_at])).toEqual([
      ['inactive', ends],
    ]);

    await buySignedIn(token, 'nouvelle.cliente@example.test', 'monthly');
    const again = await periodEnd(token);
    expect(new Date(again).getTime()).toBeGreaterThan(server.clock.now().getTime());
    expect((await licences(token)).map(({ status, expires_at }) => [status, expires_at])).toEqual([
      ['active', again],
    ]);
  });

  it("an admin's explicit expiry, or none, stays; without one the licence follows", async () => {
    const customer = await subscriber();
    const admin = await sessionFor(server, { kind: 'admin', id: (await createAdmin(server)).id });
    const create = (custom_domain: string, extra: object) =>
      call<{ license: { _id: string; expires_at: string | null } }>(
        server,
        'POST',
        '/api/admin/licenses',
        {
          token: admin.accessToken,
          body: { customer_id: customer.id, custom_domain, shop_domain: 'vitrine', ...extra },
        },
      );
    const fixed = await create('fixe.fr', { expires_at: '2031-05-01T00:00:00.000Z' });
    const none = await create('sans.fr', { expires_at: null });
    const following = await create('suit.fr', {});
    expect([fixed.status, none.status, following.status]).toEqual([201, 201, 201]);
    expect(following.body.license.expires_at).toBe(await periodEnd(customer.accessToken));

    await postForm(`${await portal(customer.accessToken)}/advance`);
    const renewed = await periodEnd(customer.accessToken);
    expect(await expiries(customer.accessToken)).toEqual([
      renewed,
      '2031-05-01T00:00:00.000Z',
      null,
      renewed,
    ]);
    const read = await call<{ license: { expires_at: string | null } }>(
      server,
      'GET',
      `/api/admin/licenses/${following.body.license._id}`,
      { token: admin.accessToken },
    );
    expect(read.body.license.expires_at).toBe(renewed);
  });
});
