import { describe, expect, it } from 'vitest';
import {
  CANCEL_URL,
  finalize,
  inviteFor,
  newAccount,
  sendWebhook,
  signedEvent,
  SUCCESS_URL_SENT,
} from '../../routes/payments/test-support.ts';
import { call } from '../../test/harness.ts';
import { useStripeTestServer } from './stripe-test-server.ts';

const stripe = useStripeTestServer();

/** Bought Scale monthly on Stripe's page, then onboarded. */
async function subscribed() {
  const started = await call<{ data: { id: string } }>(
    stripe.server,
    'POST',
    '/api/stripe/checkout-sessions',
    {
      body: {
        plan_id: 'scale',
        billingCycle: 'monthly',
        successUrl: SUCCESS_URL_SENT,
        cancelUrl: CANCEL_URL,
      },
    },
  );
  const ids = stripe.fake.completeSession(started.body.data.id, newAccount.email);
  const created = await finalize(
    stripe.server,
    await inviteFor(stripe.server, started.body.data.id),
  );
  expect(created.status).toBe(201);
  const tokens = created.body.tokens as { accessToken: string };
  return { ids, token: tokens.accessToken };
}

const updates = (id: string) =>
  stripe.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${id}`);

function invoiceEvent(type: string, eventId: string, invoiceId: string) {
  return signedEvent({
    id: eventId,
    object: 'event',
    type,
    data: { object: { id: invoiceId, object: 'invoice' } },
  });
}

describe('the subscription lifecycle on Stripe', () => {
  it('a plan change updates the item to the new price with create_prorations', async () => {
    const { ids, token } = await subscribed();
    const changed = await call(stripe.server, 'PUT', '/api/client/subscription/current', {
      token,
      body: { plan_id: 'business', billingCycle: 'monthly' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ subscription: { name: 'Business', status: 'active' } });
    expect(updates(ids.subscription)[0]?.params).toMatchObject({
      'items[0][id]': `si_${ids.subscription}`,
      'items[0][price]': 'price_1Fakebusinessmonth',
      proration_behavior: 'create_prorations',
    });
  });

  it('cancel and resume set and clear cancel_at_period_end on Stripe', async () => {
    const { ids, token } = await subscribed();
    const cancelled = await call(stripe.server, 'POST', '/api/client/subscription/cancel', {
      token,
    });
    expect(cancelled.body).toMatchObject({
      hasSubscription: true,
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    const resumed = await call(stripe.server, 'POST', '/api/client/subscription/resume', { token });
    expect(resumed.body).toMatchObject({ subscription: { cancel_at_period_end: false } });
    expect(updates(ids.subscription).map((r) => r.params)).toEqual([
      { cancel_at_period_end: 'true' },
      { cancel_at_period_end: 'false' },
    ]);
  });

  it('invoice events: the subscription follows Stripe, one mail per invoice, none for the first invoice', async () => {
    const { ids, token } = await subscribed();
    const invoice = (id: string, status: string, billing_reason: string, amount: number) => ({
      id,
      object: 'invoice',
      status,
      billing_reason,
      amount_paid: status === 'paid' ? amount : 0,
      amount_due: amount,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: ids.subscription },
      },
    });
    stripe.fake.invoices.set('in_first', invoice('in_first', 'paid', 'subscription_create', 3999));
    expect(
      (await sendWebhook(stripe.server, invoiceEvent('invoice.paid', 'evt_1', 'in_first'))).status,
    ).toBe(200);

    const stored = stripe.fake.subscriptions.get(ids.subscription) as { status: string };
    stored.status = 'past_due';
    stripe.fake.invoices.set(
      'in_renewal',
      invoice('in_renewal', 'open', 'subscription_cycle', 4210),
    );
    await sendWebhook(stripe.server, invoiceEvent('invoice.payment_failed', 'evt_2', 'in_renewal'));
    await sendWebhook(stripe.server, invoiceEvent('invoice.payment_failed', 'evt_3', 'in_renewal'));
    const pastDue = await call(stripe.server, 'GET', '/api/client/subscription/current', { token });
    expect(pastDue.body).toMatchObject({
      hasSubscription: true,
      subscription: { status: 'past_due' },
    });

    stored.status = 'active';
    stripe.fake.invoices.set(
      'in_renewal',
      invoice('in_renewal', 'paid', 'subscription_cycle', 4210),
    );
    await sendWebhook(stripe.server, invoiceEvent('invoice.paid', 'evt_4', 'in_renewal'));
    await sendWebhook(stripe.server, invoiceEvent('invoice.paid', 'evt_4', 'in_renewal'));
    const active = await call(stripe.server, 'GET', '/api/client/subscription/current', { token });
    expect(active.body).toMatchObject({ subscription: { status: 'active' } });

    const mails = await stripe.server.db.query<{ kind: string; payload: { reference?: string } }>(
      `SELECT kind, payload FROM outbox WHERE kind IN ('payment-failed', 'payment-receipt')
       ORDER BY created_at, id`,
    );
    expect(mails.filter((mail) => mail.kind === 'payment-failed')).toHaveLength(1);
    expect(
      mails.filter((mail) => mail.kind === 'payment-receipt').map((mail) => mail.payload.reference),
    ).not.toContain('in_first');
    expect(
      mails.filter(
        (mail) => mail.kind === 'payment-receipt' && mail.payload.reference === 'in_renewal',
      ),
    ).toHaveLength(1);
    // The journal keeps Stripe's amounts (a renewal with a proration: 42,10 €), once per invoice.
    const journaled = await stripe.server.db.query<{ type: string; amount_cents: number }>(
      `SELECT type, amount_cents FROM journal
       WHERE type IN ('payment_failed', 'payment_succeeded') ORDER BY seq`,
    );
    expect(journaled).toEqual([
      { type: 'payment_failed', amount_cents: 4210 },
      { type: 'payment_succeeded', amount_cents: 4210 },
    ]);
  });
});
