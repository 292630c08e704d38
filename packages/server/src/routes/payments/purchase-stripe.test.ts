import { describe, expect, it } from 'vitest';
import { useStripeTestServer } from '../../payments/stripe/stripe-test-server.ts';
import { call, loggedInCustomer } from '../../test/harness.ts';
import { CANCEL_URL, checkoutCompleted, ORIGIN, sendWebhook } from './test-support.ts';

/** Buying while signed in, with Stripe (a local fake of its API) as the provider. */
const stripe = useStripeTestServer();

const RETURN_URL = `${ORIGIN}/payment/success?session_id=%7BCHECKOUT_SESSION_ID%7D`;

function checkout(token: string) {
  return call<{ data: { id: string; url: string } }>(
    stripe.server,
    'POST',
    '/api/client/subscription/checkout',
    {
      token,
      body: {
        plan_id: 'business',
        billingCycle: 'monthly',
        successUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
      },
    },
  );
}

describe('signed-in checkout on Stripe', () => {
  it("bills the account's Stripe customer, answers the open session again, and the event attaches it", async () => {
    const customer = await loggedInCustomer(stripe.server, {});
    const first = await checkout(customer.accessToken);
    expect(first.status).toBe(200);
    expect(first.body.data.url).toBe(`https://checkout.stripe.com/c/pay/${first.body.data.id}`);

    const createdCustomers = stripe.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/customers',
    );
    expect(createdCustomers).toHaveLength(1);
    expect(createdCustomers[0]?.params).toMatchObject({
      email: customer.email,
      name: 'Camille Martin',
    });
    const [account] = await stripe.server.db.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM customers WHERE id = $1',
      [customer.id],
    );
    const sessionRequest = stripe.fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    // Stripe takes a customer or an email, never both.
    expect(sessionRequest?.params).toMatchObject({
      customer: account?.stripe_customer_id,
      success_url: `${ORIGIN}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      'metadata[plan_id]': 'business',
    });
    expect(sessionRequest?.params).not.toHaveProperty('customer_email');

    // A second click: Stripe still has it open, so it is answered again, nothing created.
    const second = await checkout(customer.accessToken);
    expect(second.body.data).toEqual(first.body.data);
    expect(stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);

    const paid = stripe.fake.completeSession(first.body.data.id, customer.email);
    expect(paid.customer).toBe(account?.stripe_customer_id);
    const event = checkoutCompleted(first.body.data.id, 'evt_signed_in_1');
    expect((await sendWebhook(stripe.server, event)).status).toBe(200);
    const current = await call<{ subscription: Record<string, unknown> }>(
      stripe.server,
      'GET',
      '/api/client/subscription/current',
      { token: customer.accessToken },
    );
    expect(current.body.subscription).toMatchObject({
      plan_id: 'business',
      billingCycle: 'monthly',
      status: 'active',
      // The fake's period end (1_900_000_000 s), as Stripe reports it.
      current_period_end: new Date(1_900_000_000 * 1000).toISOString(),
    });
    // Paid at Stripe: a new checkout is refused, the paid session is never answered again.
    expect((await checkout(customer.accessToken)).status).toBe(409);
  });
});
