import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import {
  onboardedCustomer,
  ORIGIN,
  sendWebhook,
  signedEvent,
  WEBHOOK_SECRET,
} from '../routes/payments/test-support.ts';
import { call, loggedInCustomer, useTestServer } from '../test/harness.ts';
import { subscriptionKit, type Current } from '../test/subscription-kit.ts';
import { texts } from '../texts.ts';
import { TRIAL_DAYS } from './lifecycle.ts';
import { sendTrialReminders } from './trial-reminders.ts';

const server = useTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET } });

const DAY = 24 * 3600;
const rules = messages.subscriptionRules;

const { current, trialCustomer, tokenOf, addLicence, licences, portal, postForm, mails } =
  subscriptionKit(server);

function download(token: string) {
  return call(server, 'GET', '/api/client/download-zip/theme-boutique.zip', { token });
}

function changePlan(token: string, body: object) {
  return call<Current & { message?: string; errors?: Record<string, string> }>(
    server,
    'PUT',
    '/api/client/subscription/current',
    { token, body },
  );
}

async function storedLicences(customerId: string) {
  return server.db.query<{ custom_domain: string; status: string }>(
    'SELECT custom_domain, status FROM licences WHERE customer_id = $1 ORDER BY custom_domain',
    [customerId],
  );
}

/** A paid customer (sandbox checkout, then onboarding) with `domains` as active licences. */
async function paidCustomer(
  plan: string,
  cycle: 'monthly' | 'yearly',
  domains: string[] = [],
  email = 'payant@example.test',
) {
  const bought = await onboardedCustomer(server, plan, cycle, email);
  const ids: string[] = [];
  for (const domain of domains) {
    const added = await addLicence(bought.accessToken, domain);
    expect(added.status).toBe(201);
    ids.push(added.body.license._id);
  }
  return { ...bought, id: bought.customer._id, ids };
}

describe('the signup trial', () => {
  it(`starts a ${TRIAL_DAYS}-day trial on the Basic terms, with access`, async () => {
    const before = server.clock.now().getTime();
    const customer = await trialCustomer();
    const state = await current(customer.accessToken);
    expect(state).toMatchObject({
      hasSubscription: true,
      subscription: {
        name: 'Basic',
        plan_id: 'basic',
        billingCycle: 'monthly',
        status: 'trialing',
        cancel_at_period_end: false,
      },
      usage: { licensesUsed: 0, licensesLimit: 1, licensesRemaining: 1 },
    });
    const trialEnd = new Date(state.subscription?.trial_end ?? '').getTime();
    expect(trialEnd - before).toBeGreaterThanOrEqual(7 * DAY * 1000);
    expect(trialEnd - before).toBeLessThan(7 * DAY * 1000 + 60_000);
    expect((await addLicence(customer.accessToken, 'essai.fr')).status).toBe(201);
    // One licence on the Basic terms.
    const second = await addLicence(customer.accessToken, 'deux.fr');
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: messages.licences.limitWarning(1) });
    expect((await download(customer.accessToken)).status).toBe(200);
  });

  it('the trial is on the cheapest plan on sale', async () => {
    await server.db.query(`UPDATE plans SET active = false WHERE id = 'basic'`);
    const customer = await trialCustomer();
    expect((await current(customer.accessToken)).subscription).toMatchObject({
      name: 'Scale',
      status: 'trialing',
    });
    expect((await current(customer.accessToken)).usage.licensesLimit).toBe(3);
  });

  it('after 7 days: trial_ended, licences listed inactive (stored untouched), adding and downloading refused with the reason', async () => {
    const customer = await trialCustomer();
    await addLicence(customer.accessToken, 'essai.fr');
    // Read (and kept by the list's cache) while the trial runs ...
    expect((await licences(customer.accessToken)).map((licence) => licence.status)).toEqual([
      'active',
    ]);
    server.clock.advance(7 * DAY - 60);
    let token = await tokenOf(customer.id);
    expect((await current(token)).subscription?.status).toBe('trialing');
    server.clock.advance(61);
    token = await tokenOf(customer.id);
    // ... and shown inactive once the clock passes the trial's end, with no write in between.
    expect((await licences(token)).map((licence) => licence.status)).toEqual(['inactive']);
    expect(await storedLicences(customer.id)).toEqual([
      { custom_domain: 'essai.fr', status: 'active' },
    ]);
    expect(await current(token)).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'trial_ended' },
      usage: { licensesLimit: 0, licensesRemaining: 0 },
    });
    const refused = await addLicence(token, 'autre.fr');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: rules.trialEnded });
    const noDownload = await download(token);
    expect(noDownload.status).toBe(403);
    expect(noDownload.body).toEqual({
      message: 'Votre essai gratuit est terminé : choisissez un plan pour continuer.',
    });
    // A trial is not a paid subscription: nothing to change, cancel or resume.
    const change = await changePlan(token, {
      plan_id: 'scale',
      billingCycle: 'monthly',
    });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(
      'Aucun abonnement payant à modifier : choisissez un plan pour vous abonner.',
    );
  });

  it('a subscription that ended answers the ended reason; none at all too', async () => {
    const customer = await loggedInCustomer(server, { plan: 'scale' });
    await server.db.query(`UPDATE subscriptions SET status = 'canceled' WHERE customer_id = $1`, [
      customer.id,
    ]);
    const refused = await download(customer.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Votre abonnement est terminé : choisissez un plan pour continuer.',
    });
  });
});

describe('changing plan', () => {
  it('upgrades at once: new plan, new limit, prorated by the provider, one mail', async () => {
    const paid = await paidCustomer('basic', 'monthly', ['un.fr']);
    const changed = await changePlan(paid.accessToken, {
      plan_id: 'business',
      billingCycle: 'monthly',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      hasSubscription: true,
      subscription: { name: 'Business', price: 79.99, status: 'active', billingCycle: 'monthly' },
      usage: { licensesUsed: 1, licensesLimit: 10, licensesRemaining: 9 },
    });
    // The sandbox provider recorded the difference for the rest of the period, for the next invoice.
    const prorations = await server.db.query<{ amount: number; status: string }>(
      `SELECT amount, status FROM sandbox_invoices WHERE kind = 'proration'`,
    );
    expect(prorations).toHaveLength(1);
    expect(prorations[0]?.status).toBe('pending');
    expect(prorations[0]?.amount).toBeGreaterThan(5900);
    expect(prorations[0]?.amount).toBeLessThanOrEqual(7999 - 1999);
    const sent = await mails('plan-change');
    expect(sent).toEqual([
      {
        recipient: 'payant@example.test',
        payload: {
          planName: 'Business',
          billingCycle: 'monthly',
          priceCents: 7999,
          maxLicences: 10,
          deactivatedDomains: [],
          link: `${ORIGIN}/dashboard?tab=subscription`,
        },
      },
    ]);
    // Same plan and cycle again: refused, nothing sent.
    const same = await changePlan(paid.accessToken, {
      plan_id: 'business',
      billingCycle: 'monthly',
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Vous avez déjà ce plan.');
    expect(await mails('plan-change')).toHaveLength(1);
  });

  it('a cycle change restarts the period and is charged at once, less the unused time', async () => {
    const paid = await paidCustomer('scale', 'monthly');
    const changed = await changePlan(paid.accessToken, {
      plan_id: 'scale',
      billingCycle: 'yearly',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription).toMatchObject({ billingCycle: 'yearly', price: 407.89 });
    const end = new Date(changed.body.subscription?.current_period_end ?? '').getTime();
    expect(end - server.clock.now().getTime()).toBeGreaterThan(364 * DAY * 1000);
    const [charged] = await server.db.query<{ amount: number; status: string }>(
      `SELECT amount, status FROM sandbox_invoices WHERE kind = 'renewal'`,
    );
    expect(charged?.status).toBe('paid');
    expect(charged?.amount).toBeLessThan(40789);
    expect(charged?.amount).toBeGreaterThan(40789 - 3999 - 1);
  });

  it('downgrades only within the limit: 409 until the licences kept fit, then the others become inactive (not deleted)', async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr', 'b.fr', 'c.fr']);
    const [a, b] = paid.ids as [string, string, string];
    const tooMany = await changePlan(paid.accessToken, {
      plan_id: 'basic',
      billingCycle: 'monthly',
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(
      'Le plan Basic permet 1 licence active et vous en gardez 3 : choisissez les licences à garder.',
    );
    const stillTooMany = await changePlan(paid.accessToken, {
      plan_id: 'basic',
      billingCycle: 'monthly',
      keep_licence_ids: [a, b],
    });
    expect(stillTooMany.status).toBe(409);
    expect(stillTooMany.body.message).toBe(rules.tooManyLicences('Basic', 1, 2));
    // Refused changes reached neither the provider nor the licences.
    expect((await current(paid.accessToken)).subscription?.name).toBe('Scale');
    expect(await server.db.query(`SELECT 1 FROM sandbox_invoices`)).toHaveLength(0);

    const kept = await changePlan(paid.accessToken, {
      plan_id: 'basic',
      billingCycle: 'monthly',
      keep_licence_ids: [b],
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      subscription: { name: 'Basic' },
      usage: { licensesUsed: 1, licensesLimit: 1, licensesRemaining: 0 },
    });
    expect(await storedLicences(paid.id)).toEqual([
      { custom_domain: 'a.fr', status: 'inactive' },
      { custom_domain: 'b.fr', status: 'active' },
      { custom_domain: 'c.fr', status: 'inactive' },
    ]);
    expect((await licences(paid.accessToken)).map((l) => [l.custom_domain, l.status])).toEqual([
      ['a.fr', 'inactive'],
      ['b.fr', 'active'],
      ['c.fr', 'inactive'],
    ]);
    expect((await mails('plan-change'))[0]?.payload).toMatchObject({
      deactivatedDomains: ['a.fr', 'c.fr'],
    });
    // Full: a new licence is refused against the active ones.
    expect((await addLicence(paid.accessToken, 'd.fr')).status).toBe(403);
    // Back up to Business: what the downgrade set aside is active again.
    const up = await changePlan(paid.accessToken, { plan_id: 'business', billingCycle: 'monthly' });
    expect(up.body.usage).toMatchObject({ licensesUsed: 3, licensesLimit: 10 });
  });

  it("the guard holds whatever the list names: another account's licence, an unknown id", async () => {
    const other = await paidCustomer('scale', 'monthly', ['autre.fr'], 'autre@example.test');
    const paid = await paidCustomer('scale', 'monthly', ['a.fr', 'b.fr'], 'moi@example.test');
    for (const keep of [[other.ids[0]], [paid.ids[0], other.ids[0]], ['inconnu']]) {
      const answer = await changePlan(paid.accessToken, {
        plan_id: 'basic',
        billingCycle: 'monthly',
        keep_licence_ids: keep,
      });
      expect(answer.status, JSON.stringify(keep)).toBe(409);
      expect(answer.body.errors).toEqual({ keep_licence_ids: messages.licences.notFound });
    }
    expect(await storedLicences(other.id)).toEqual([
      { custom_domain: 'autre.fr', status: 'active' },
    ]);
    expect((await storedLicences(paid.id)).map((licence) => licence.status)).toEqual([
      'active',
      'active',
    ]);
    expect((await current(paid.accessToken)).subscription?.name).toBe('Scale');
    // An unknown plan is a 404, a malformed body a 400.
    expect(
      (await changePlan(paid.accessToken, { plan_id: 'gold', billingCycle: 'monthly' })).status,
    ).toBe(404);
    expect((await changePlan(paid.accessToken, { plan_id: 'basic' })).status).toBe(400);
  });

  it('a licence created while a downgrade runs never leaves more active licences than the new limit', async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr', 'b.fr']);
    const [change, added] = await Promise.all([
      changePlan(paid.accessToken, {
        plan_id: 'basic',
        billingCycle: 'monthly',
        keep_licence_ids: [paid.ids[0]],
      }),
      addLicence(paid.accessToken, 'c.fr'),
    ]);
    expect(change.status).toBe(200);
    expect([201, 403]).toContain(added.status);
    const active = (await storedLicences(paid.id)).filter((l) => l.status === 'active');
    expect(active).toEqual([{ custom_domain: 'a.fr', status: 'active' }]);
    expect((await current(paid.accessToken)).usage).toMatchObject({
      licensesUsed: 1,
      licensesLimit: 1,
    });
  });

  it('PUT /api/stripe/subscriptions/{id} keeps the same guard', async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr', 'b.fr']);
    const [row] = await server.db.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM subscriptions WHERE customer_id = $1',
      [paid.id],
    );
    const refused = await call(
      server,
      'PUT',
      `/api/stripe/subscriptions/${row?.provider_subscription_id}`,
      {
        token: paid.accessToken,
        body: { priceId: 'price_basic_monthly' },
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: rules.tooManyLicences('Basic', 1, 2) });
    expect((await current(paid.accessToken)).subscription?.name).toBe('Scale');
  });
});

describe('cancelling and resuming', () => {
  it('cancel keeps access until the period ends, resume undoes it, then it ends at the period end', async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr']);
    const cancelled = await call<Current>(server, 'POST', '/api/client/subscription/cancel', {
      token: paid.accessToken,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      hasSubscription: true,
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    // Twice is the same.
    expect(
      (await call(server, 'POST', '/api/client/subscription/cancel', { token: paid.accessToken }))
        .status,
    ).toBe(200);
    const resumed = await call<Current>(server, 'POST', '/api/client/subscription/resume', {
      token: paid.accessToken,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });

    await call(server, 'POST', '/api/client/subscription/cancel', { token: paid.accessToken });
    const periodEnd = new Date(cancelled.body.subscription?.current_period_end ?? '').getTime();
    server.clock.advance((periodEnd - server.clock.now().getTime()) / 1000 - 60);
    let token = await tokenOf(paid.id);
    expect((await current(token)).hasSubscription).toBe(true);
    expect((await licences(token))[0]?.status).toBe('active');
    server.clock.advance(61);
    token = await tokenOf(paid.id);
    expect(await current(token)).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'canceled', cancel_at_period_end: false },
    });
    expect((await licences(token))[0]?.status).toBe('inactive');
    const resume = await call(server, 'POST', '/api/client/subscription/resume', { token });
    expect(resume.status).toBe(409);
    expect(resume.body).toEqual({
      message: 'Cet abonnement est terminé : choisissez un plan pour vous abonner de nouveau.',
    });
    const cancelAgain = await call(server, 'POST', '/api/client/subscription/cancel', { token });
    expect(cancelAgain.status).toBe(409);
    expect(cancelAgain.body).toEqual({ message: 'Aucun abonnement actif à résilier.' });
  });

  it('a trial has nothing to cancel', async () => {
    const customer = await trialCustomer();
    const answer = await call(server, 'POST', '/api/client/subscription/cancel', {
      token: customer.accessToken,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: rules.nothingToCancel });
  });
});

describe('the sandbox test clock and the provider events', () => {
  it("'Avancer à la fin de la période' renews: paid invoice, new period end, one receipt", async () => {
    const paid = await paidCustomer('scale', 'yearly');
    const before = await current(paid.accessToken);
    const page = await portal(paid.accessToken);
    const html = (await server.app.inject({ method: 'GET', url: page })).body;
    expect(html).toContain(texts.sandbox.advanceSubmit);
    expect(html).toContain(texts.sandbox.failPaymentSubmit);
    const advanced = await postForm(`${page}/advance`);
    expect(advanced.headers.location).toBe(`${page}?done=advanced`);
    const after = await current(paid.accessToken);
    const next = new Date(before.subscription?.current_period_end ?? '');
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect(after.subscription).toMatchObject({
      status: 'active',
      current_period_end: next.toISOString(),
    });
    const receipts = (await mails('payment-receipt')).filter((mail) =>
      String(mail.payload.reference).startsWith('in_'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.payload).toMatchObject({ planName: 'Scale', amountCents: 40789 });
    // The customer's own clock moved, not the others'.
    const clocks = await server.db.query<{ test_clock: Date | null }>(
      'SELECT test_clock FROM sandbox_customers',
    );
    expect(clocks.filter((clock) => clock.test_clock !== null)).toHaveLength(1);
  });

  it("on a cancelled subscription it ends it: 'canceled' stored, licences inactive", async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr']);
    await call(server, 'POST', '/api/client/subscription/cancel', { token: paid.accessToken });
    await postForm(`${await portal(paid.accessToken)}/advance`);
    const [row] = await server.db.query<{ status: string }>(
      'SELECT status FROM subscriptions WHERE customer_id = $1',
      [paid.id],
    );
    expect(row?.status).toBe('canceled');
    expect(await current(paid.accessToken)).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'canceled' },
    });
    expect((await licences(paid.accessToken))[0]?.status).toBe('inactive');
  });

  it("'Simuler un échec de paiement': past due, access kept, one warning mail; the retry renews", async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr']);
    const page = await portal(paid.accessToken);
    await postForm(`${page}/fail-payment`);
    await postForm(`${page}/fail-payment`);
    expect(await current(paid.accessToken)).toMatchObject({
      hasSubscription: true,
      subscription: { status: 'past_due' },
      usage: { licensesLimit: 3 },
    });
    expect((await addLicence(paid.accessToken, 'b.fr')).status).toBe(201);
    expect((await download(paid.accessToken)).status).toBe(200);
    expect((await licences(paid.accessToken)).map((licence) => licence.status)).toEqual([
      'active',
      'active',
    ]);
    // One invoice owed, one mail for it however many attempts fail.
    expect(await mails('payment-failed')).toEqual([
      {
        recipient: 'payant@example.test',
        payload: {
          planName: 'Scale',
          amountCents: 3999,
          link: `${ORIGIN}/dashboard?tab=subscription`,
        },
      },
    ]);
    const pageHtml = (await server.app.inject({ method: 'GET', url: page })).body;
    expect(pageHtml).toContain(messages.subscription.statusLabels.past_due);
    await postForm(`${page}/advance`);
    expect((await current(paid.accessToken)).subscription?.status).toBe('active');
    expect(
      (await mails('payment-receipt')).filter((mail) =>
        String(mail.payload.reference).startsWith('in_'),
      ),
    ).toHaveLength(1);
  });

  it('the same events through the signed webhook: handled once per event, one mail per invoice', async () => {
    const paid = await paidCustomer('scale', 'monthly');
    const [sub] = await server.db.query<{ id: string }>(
      'SELECT provider_subscription_id AS id FROM subscriptions WHERE customer_id = $1',
      [paid.id],
    );
    // The provider's state changes (a failed renewal) ...
    await server.db.query(`UPDATE sandbox_subscriptions SET status = 'past_due' WHERE id = $1`, [
      sub?.id,
    ]);
    await server.db.query(
      `INSERT INTO sandbox_invoices (id, subscription_id, kind, price_id, amount, status, created_at)
       VALUES ('in_hook', $1, 'renewal', 'price_scale_monthly', 3999, 'open', now())`,
      [sub?.id],
    );
    const failed = (id: string) =>
      signedEvent({
        id,
        object: 'event',
        type: 'invoice.payment_failed',
        data: { object: { id: 'in_hook', object: 'invoice' } },
      });
    // ... and is announced, replayed, and announced again by another event.
    for (const event of [failed('evt_f1'), failed('evt_f1'), failed('evt_f2')]) {
      expect((await sendWebhook(server, event)).status).toBe(200);
    }
    expect((await current(paid.accessToken)).subscription?.status).toBe('past_due');
    expect(await mails('payment-failed')).toHaveLength(1);

    await server.db.query(`UPDATE sandbox_subscriptions SET status = 'active' WHERE id = $1`, [
      sub?.id,
    ]);
    await server.db.query(`UPDATE sandbox_invoices SET status = 'paid' WHERE id = 'in_hook'`);
    const paidEvent = (id: string) =>
      signedEvent({
        id,
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_hook', object: 'invoice' } },
      });
    for (const event of [paidEvent('evt_p1'), paidEvent('evt_p1'), paidEvent('evt_p2')]) {
      expect((await sendWebhook(server, event)).status).toBe(200);
    }
    expect((await current(paid.accessToken)).subscription?.status).toBe('active');
    expect(
      (await mails('payment-receipt')).filter((mail) => mail.payload.reference === 'in_hook'),
    ).toHaveLength(1);

    // The provider ends the subscription: 'deleted' mirrors it as canceled.
    await server.db.query(`UPDATE sandbox_subscriptions SET status = 'canceled' WHERE id = $1`, [
      sub?.id,
    ]);
    const deleted = signedEvent({
      id: 'evt_d1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: sub?.id, object: 'subscription' } },
    });
    expect((await sendWebhook(server, deleted)).status).toBe(200);
    expect((await sendWebhook(server, deleted)).status).toBe(200);
    expect(await current(paid.accessToken)).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'canceled' },
    });
    // The journal records each change once, however often it is announced, with the
    // provider's amount (docs/product.md#back-office).
    const journaled = await server.db.query<{ type: string; amount_cents: number | null }>(
      `SELECT type, amount_cents FROM journal WHERE customer_id = $1
         AND type IN ('payment_failed', 'payment_succeeded', 'subscription_ended') ORDER BY seq`,
      [paid.id],
    );
    expect(journaled).toEqual([
      { type: 'payment_failed', amount_cents: 3999 },
      { type: 'payment_succeeded', amount_cents: 3999 },
      { type: 'subscription_ended', amount_cents: null },
    ]);
  });
});

describe('a plan no longer on sale', () => {
  it("still gets its subscription's events: mirrored, licences kept", async () => {
    const paid = await paidCustomer('scale', 'monthly', ['a.fr', 'b.fr']);
    await server.db.query(`UPDATE plans SET active = false WHERE id = 'scale'`);
    const [sub] = await server.db.query<{ id: string }>(
      'SELECT provider_subscription_id AS id FROM subscriptions WHERE customer_id = $1',
      [paid.id],
    );
    const event = signedEvent({
      id: 'evt_retired',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: sub?.id, object: 'subscription' } },
    });
    expect((await sendWebhook(server, event)).status).toBe(200);
    expect(await current(paid.accessToken)).toMatchObject({
      subscription: { name: 'Scale', status: 'active' },
      usage: { licensesUsed: 2, licensesLimit: 3 },
    });
  });
});

describe('the trial reminder', () => {
  const sweep = () =>
    sendTrialReminders({
      db: server.db,
      now: server.clock.now,
      publicOrigin: ORIGIN,
      wakeMail: () => {},
    });

  it('is queued once, two days before the trial ends, and never for an ended trial', async () => {
    const customer = await trialCustomer();
    server.clock.advance(5 * DAY - 3600);
    expect(await sweep()).toBe(0);
    server.clock.advance(3600 + 60);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [sent] = await mails('trial-ending');
    const state = await current(await tokenOf(customer.id));
    expect(sent).toEqual({
      recipient: customer.email,
      payload: {
        trialEnd: state.subscription?.trial_end,
        link: `${ORIGIN}/dashboard?tab=subscription`,
      },
    });
    // A trial that ended before any sweep ran is not reminded afterwards.
    await trialCustomer('tard@example.test', 'tard');
    server.clock.advance(8 * DAY);
    expect(await sweep()).toBe(0);
    expect(await mails('trial-ending')).toHaveLength(1);
  });
});
