import type { components } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { call, createAdmin, sessionFor, useTestServer } from '../../test/harness.ts';
import { subscriptionKit } from '../../test/subscription-kit.ts';
import { onboardedCustomer } from '../payments/test-support.ts';

/** The contract's answer (openapi/portal.yaml), not a copy of its shape. */
type Indicators = components['schemas']['Indicators'];

const server = useTestServer();
const { trialCustomer, portal, postForm, addLicence } = subscriptionKit(server);

const changePlan = (token: string, plan_id: string) =>
  call(server, 'PUT', '/api/client/subscription/current', {
    token,
    body: { plan_id, billingCycle: 'monthly' },
  });

describe('the indicators', () => {
  it('agree to the cent with what the sandbox recorded: buys, an upgrade, a downgrade, a churn, failed payments, a trial', async () => {
    const admin = await createAdmin(server);
    const indicators = async () => {
      // A new session each time: an admin's access token lasts minutes, the test moves a month.
      const { accessToken } = await sessionFor(server, { kind: 'admin', id: admin.id });
      const answer = await call<Indicators>(server, 'GET', '/api/admin/indicators', {
        token: accessToken,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };

    // Basic monthly 19,99 € bought, then upgraded to Business 79,99 €: new 1 999, expansion 6 000.
    const upgraded = await onboardedCustomer(server, 'basic', 'monthly', 'monte@example.test');
    expect((await changePlan(upgraded.accessToken, 'business')).status).toBe(200);
    expect((await addLicence(upgraded.accessToken, 'monte.fr')).status).toBe(201);
    // Scale yearly 407,89 €: 40 789 / 12 = 3 399,08, counted 3 399 a month.
    await onboardedCustomer(server, 'scale', 'yearly', 'annuel@example.test');
    // Scale monthly 39,99 € downgraded to Basic 19,99 €: new 3 999, contraction 2 000.
    const downgraded = await onboardedCustomer(server, 'scale', 'monthly', 'descend@example.test');
    expect((await changePlan(downgraded.accessToken, 'basic')).status).toBe(200);
    // Scale monthly bought, account deleted: new 3 999, churn 3 999.
    const leaving = await onboardedCustomer(server, 'scale', 'monthly', 'part@example.test');
    expect(
      (
        await call(server, 'DELETE', '/customers/account', {
          token: leaving.accessToken,
          body: { password: 'MotDePasse1' },
        })
      ).status,
    ).toBe(204);
    // Basic monthly whose renewal fails twice: still counted, 1 999 owed once.
    const failing = await onboardedCustomer(server, 'basic', 'monthly', 'echec@example.test');
    const page = await portal(failing.accessToken);
    await postForm(`${page}/fail-payment`);
    await postForm(`${page}/fail-payment`);
    await trialCustomer('essai@example.test', 'essai');

    const figures = await indicators();
    const invoices = await server.db.query<{ amount: number }>(
      `SELECT amount_cents AS amount FROM journal WHERE type = 'payment_failed'`,
    );
    expect(invoices.length).toBeGreaterThan(0);
    expect(figures.mrr_cents).toBe(7999 + 3399 + 1999 + 1999);
    expect(figures.subscriptions.total).toBe(4);
    expect(figures.subscriptions.by_plan).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          plan_id: 'business',
          billing_cycle: 'monthly',
          count: 1,
          mrr_cents: 7999,
        }),
        expect.objectContaining({
          plan_id: 'scale',
          billing_cycle: 'yearly',
          count: 1,
          mrr_cents: 3399,
        }),
        expect.objectContaining({
          plan_id: 'basic',
          billing_cycle: 'monthly',
          count: 2,
          mrr_cents: 3998,
        }),
      ]),
    );
    const movements = {
      new_cents: 1999 + 3399 + 3999 + 3999 + 1999,
      expansion_cents: 6000,
      contraction_cents: 2000,
      churn_cents: 3999,
      net_cents: 15396,
    };
    expect(figures.movements.last_30_days).toEqual(movements);
    expect(figures.movements.last_90_days).toEqual(movements);
    // Everything began today: the net movement is today's MRR.
    expect(movements.net_cents).toBe(figures.mrr_cents);
    expect(figures.failed_payments).toEqual({ past_due_subscriptions: 1, amount_owed_cents: 1999 });
    expect(figures.trials.running).toBe(1);
    expect(figures.trials.last_30_days).toEqual({ started: 1, converted: 0 });
    expect(figures.licenses.used).toBe(1);
    expect(figures.licenses.by_plan).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ plan_id: 'business', used: 1, limit: 10 }),
      ]),
    );
    expect(figures.mrr_series).toHaveLength(90);
    expect(figures.mrr_series.at(-1)?.mrr_cents).toBe(figures.mrr_cents);
    expect(figures.mrr_series.at(-2)?.mrr_cents).toBe(0);

    // A month later the yearly and the business customers still count; the ones that renewed
    // or ended moved the figures by what the journal recorded.
    server.clock.advance(31 * 24 * 3600);
    const later = await indicators();
    expect(later.movements.last_30_days.net_cents).toBe(
      later.mrr_cents - (later.mrr_series.at(-31)?.mrr_cents ?? NaN),
    );
  });
});
