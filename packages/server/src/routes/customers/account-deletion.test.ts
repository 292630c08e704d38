import { messages } from '@portal/core/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../auth/tokens.ts';
import { createPaymentProvider, type PaymentProviderFactory } from '../../payments/index.ts';
import { useStripeTestServer } from '../../payments/stripe/stripe-test-server.ts';
import { call, loggedInCustomer, type TestServer, useTestServer } from '../../test/harness.ts';
import { texts } from '../../texts.ts';
import {
  count,
  newAccount,
  onboardedCustomer,
  sandboxOf,
  sandboxSubscription,
  sendWebhook,
  signedEvent,
  WEBHOOK_SECRET,
} from '../payments/test-support.ts';

/**
 * Deleting an account ends what the provider bills it for (docs/decisions.md, 'Deleting an
 * account stops its billing'): the subscription is set to cancel at its period end before
 * anything is deleted, so money is never taken for an account that is gone; when the provider
 * cannot be reached, nothing is deleted.
 */

function deleteAccount(server: TestServer, token: string, password = newAccount.password) {
  return call<{ message?: string }>(server, 'DELETE', '/customers/account', {
    token,
    body: { password },
  });
}

async function providerIdOf(server: TestServer, customerId: string) {
  const [row] = await server.db.query<{
    provider_subscription_id: string | null;
    stripe_customer_id: string | null;
  }>(
    `SELECT s.provider_subscription_id, c.stripe_customer_id
     FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE s.customer_id = $1`,
    [customerId],
  );
  if (row?.provider_subscription_id == null || row.stripe_customer_id === null) {
    throw new Error('no provider subscription');
  }
  return { subscription: row.provider_subscription_id, customer: row.stripe_customer_id };
}

describe('on the sandbox', () => {
  /** Every provider call naming a subscription, in order. */
  const calls: { method: string; id: string }[] = [];
  /** While set, the provider cannot be reached. */
  let providerDown = false;

  const payments: PaymentProviderFactory = ({ db, config }) => {
    const sandbox = createPaymentProvider(config, db);
    return {
      ...sandbox,
      async retrieveSubscription(id) {
        calls.push({ method: 'retrieveSubscription', id });
        if (providerDown) throw new Error('sandbox unreachable');
        return sandbox.retrieveSubscription(id);
      },
      async cancelAtPeriodEnd(id) {
        calls.push({ method: 'cancelAtPeriodEnd', id });
        if (providerDown) throw new Error('sandbox unreachable');
        return sandbox.cancelAtPeriodEnd(id);
      },
    };
  };

  const server = useTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET }, payments });
  beforeEach(() => {
    calls.length = 0;
    providerDown = false;
  });

  const paidInvoices = (subscriptionId: string) =>
    count(server, `sandbox_invoices WHERE subscription_id = $1 AND status = 'paid'`, [
      subscriptionId,
    ]);

  /** A Scale monthly subscriber through the sandbox and the onboarding, with one licence. */
  async function subscriber() {
    const email = `abonnee-${newId().slice(0, 6)}@example.test`;
    const onboarded = await onboardedCustomer(server, 'scale', 'monthly', email);
    const added = await call(server, 'POST', '/api/client/licenses', {
      token: onboarded.accessToken,
      body: { custom_domain: 'garde.fr', shop_domain: 'garde' },
    });
    expect(added.status).toBe(201);
    const id = onboarded.customer._id;
    return { id, accessToken: onboarded.accessToken, provider: await providerIdOf(server, id) };
  }

  it('cancels the subscription at its period end, then deletes: it never renews', async () => {
    const account = await subscriber();
    const invoicesBefore = await paidInvoices(account.provider.subscription);

    const answer = await deleteAccount(server, account.accessToken);
    expect(answer.status).toBe(204);
    expect(calls.filter((c) => c.method === 'cancelAtPeriodEnd')).toEqual([
      { method: 'cancelAtPeriodEnd', id: account.provider.subscription },
    ]);
    expect(await sandboxSubscription(server, account.provider.subscription)).toEqual({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await count(server, 'customers WHERE id = $1', [account.id])).toBe(0);
    expect(await count(server, 'subscriptions')).toBe(0);

    // The period ends at the provider: the subscription ends, no card is charged again.
    const events = await sandboxOf(server).advanceToPeriodEnd(account.provider.customer);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect(await sandboxSubscription(server, account.provider.subscription)).toMatchObject({
      status: 'canceled',
    });
    expect(await paidInvoices(account.provider.subscription)).toBe(invoicesBefore);
    // Its event reaches an account that is gone: acknowledged, nothing comes back.
    const event = signedEvent({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: account.provider.subscription, object: 'subscription' } },
    });
    expect((await sendWebhook(server, event)).status).toBe(200);
    expect(await count(server, 'subscriptions')).toBe(0);
  });

  it('when the provider cannot be reached, answers 503 and deletes nothing; later it can', async () => {
    const account = await subscriber();
    providerDown = true;

    const answer = await deleteAccount(server, account.accessToken);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: texts.customers.accountDeletionProviderUnavailable });
    expect(
      (await call(server, 'GET', '/api/client/profile', { token: account.accessToken })).status,
    ).toBe(200);
    const listed = await call<{ licenses: unknown[] }>(server, 'GET', '/api/client/licenses', {
      token: account.accessToken,
    });
    expect(listed.body.licenses).toHaveLength(1);
    expect(await sandboxSubscription(server, account.provider.subscription)).toEqual({
      status: 'active',
      cancel_at_period_end: false,
    });

    providerDown = false;
    expect((await deleteAccount(server, account.accessToken)).status).toBe(204);
    expect(await sandboxSubscription(server, account.provider.subscription)).toMatchObject({
      cancel_at_period_end: true,
    });
  });

  it('a wrong password asks nothing of the provider', async () => {
    const account = await subscriber();
    calls.length = 0;
    const answer = await deleteAccount(server, account.accessToken, 'Mauvais1234');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: messages.account.deletionWrongPassword });
    expect(calls).toEqual([]);
    expect(await sandboxSubscription(server, account.provider.subscription)).toMatchObject({
      cancel_at_period_end: false,
    });
  });

  it('a subscription already ending, or none at the provider, is not cancelled again', async () => {
    const ending = await subscriber();
    const cancel = await call(server, 'POST', '/api/client/subscription/cancel', {
      token: ending.accessToken,
    });
    expect(cancel.status).toBe(200);
    calls.length = 0;
    expect((await deleteAccount(server, ending.accessToken)).status).toBe(204);
    expect(calls).toEqual([{ method: 'retrieveSubscription', id: ending.provider.subscription }]);

    // A trial, or a subscription the provider never had: nothing to ask.
    const trial = await loggedInCustomer(server, {});
    calls.length = 0;
    expect((await deleteAccount(server, trial.accessToken, trial.password)).status).toBe(204);
    expect(calls).toEqual([]);
  });
});

describe('on Stripe', () => {
  const stripe = useStripeTestServer();

  it('the Stripe subscription is set to cancel at its period end, once, before the account goes', async () => {
    const customer = await loggedInCustomer(stripe.server, {});
    const paid = await stripe.subscribeSignedIn(customer);

    const answer = await deleteAccount(stripe.server, customer.accessToken, customer.password);
    expect(answer.status).toBe(204);
    expect(stripe.fake.subscriptions.get(paid.subscription)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(stripe.cancelRequests(paid.subscription)).toHaveLength(1);
    expect(await count(stripe.server, 'customers WHERE id = $1', [customer.id])).toBe(0);
  });
});
