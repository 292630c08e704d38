import type { components } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById, setProviderCustomerId } from '../../accounts/accounts.repo.ts';
import { accountOf } from '../../auth/guards.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound, unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { findCheckoutSession } from '../../payments/checkout-sessions.repo.ts';
import { assertReturnUrls, startVisitorCheckout } from '../../payments/checkout-request.ts';
import { syncCheckoutSession } from '../../payments/fulfilment.ts';
import type { ProviderCustomer, ProviderSubscription } from '../../payments/provider.ts';
import { findPrice } from '../../plans/plans.repo.ts';
import { cancelAtPeriodEnd, changePlan } from '../../subscriptions/lifecycle.ts';
import { hasProviderSubscription } from '../../subscriptions/subscriptions.repo.ts';
import { texts } from '../../texts.ts';

type Schemas = components['schemas'];

function subscriptionJson(subscription: ProviderSubscription): Schemas['StripeSubscription'] {
  return {
    id: subscription.id,
    status: subscription.status,
    plan_id: subscription.plan_id,
    price_id: subscription.price_id,
    billingCycle: subscription.billingCycle,
    current_period_end: subscription.current_period_end,
    cancel_at_period_end: subscription.cancel_at_period_end,
  };
}

function customerJson(customer: ProviderCustomer): Schemas['StripeCustomer'] {
  return { id: customer.id, email: customer.email, name: customer.name };
}

/** The logged-in customer's row (the guard has checked it exists). */
async function customerById(db: Database, id: string) {
  const customer = await findCustomerById(db, id);
  if (customer === undefined) throw unauthorized();
  return customer;
}

export async function stripeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, payments: provider } = app;

  /** The logged-in customer's own provider id; any other id is answered 404 (never 403, so
   *  nobody learns which ids exist). */
  async function ownProviderCustomer(accountId: string, requested?: string | null) {
    const customer = await customerById(db, accountId);
    const own = customer.stripe_customer_id;
    if (own === null) throw notFound(texts.payments.noPaymentCustomer);
    if (requested !== undefined && requested !== null && requested !== own) throw notFound();
    return own;
  }

  /** The provider subscription behind one of the customer's own subscriptions, else 404. */
  async function ownSubscription(accountId: string, providerId: string) {
    const subscription = (await hasProviderSubscription(db, accountId, providerId))
      ? await provider.retrieveSubscription(providerId)
      : null;
    if (subscription === null) throw notFound(texts.payments.subscriptionNotFound);
    return subscription;
  }

  app.post<RouteOf<'/api/stripe/checkout-sessions', 'post'>>(
    '/api/stripe/checkout-sessions',
    async (request) => ({ data: await startVisitorCheckout(app, request.ip, request.body) }),
  );

  app.get<RouteOf<'/api/stripe/checkout-sessions/{id}', 'get'>>(
    '/api/stripe/checkout-sessions/:id',
    async (request) => {
      // Only sessions this server created: the id is the capability, as on the provider.
      if ((await findCheckoutSession(db, request.params.id)) === null) throw notFound();
      const session = await syncCheckoutSession(db, provider, request.params.id);
      if (session === null) throw notFound();
      return {
        data: {
          id: session.id,
          amount_total: session.amount_total,
          currency: 'eur' as const,
          status: session.status,
          payment_status: session.payment_status,
          plan_id: session.plan_id,
          billingCycle: session.billing_cycle,
        },
      };
    },
  );

  app.post<RouteOf<'/api/stripe/customers', 'post'>>('/api/stripe/customers', async (request) => {
    const account = await customerById(db, accountOf(request).id);
    if (account.stripe_customer_id !== null) {
      const existing = await provider.retrieveCustomer(account.stripe_customer_id);
      if (existing !== null) return { data: customerJson(existing) };
    }
    const created = await provider.createCustomer({
      email: request.body?.email ?? account.email,
      name: request.body?.name ?? `${account.first_name} ${account.last_name}`,
    });
    await setProviderCustomerId(db, account.id, created.id);
    return { data: customerJson(created) };
  });

  app.get<RouteOf<'/api/stripe/customers/{id}', 'get'>>(
    '/api/stripe/customers/:id',
    async (request) => {
      const own = await ownProviderCustomer(accountOf(request).id, request.params.id);
      const customer = await provider.retrieveCustomer(own);
      if (customer === null) throw notFound();
      return { data: customerJson(customer) };
    },
  );

  app.get<RouteOf<'/api/stripe/customers/{id}/subscription', 'get'>>(
    '/api/stripe/customers/:id/subscription',
    async (request) => {
      const own = await ownProviderCustomer(accountOf(request).id, request.params.id);
      const subscription = await provider.subscriptionOfCustomer(own);
      return { data: subscription === null ? null : subscriptionJson(subscription) };
    },
  );

  app.get<RouteOf<'/api/stripe/prices', 'get'>>('/api/stripe/prices', async () => ({
    data: await provider.listPrices(),
  }));

  app.get<RouteOf<'/api/stripe/prices/{id}', 'get'>>('/api/stripe/prices/:id', async (request) => {
    const price = await provider.retrievePrice(request.params.id);
    if (price === null) throw notFound(texts.payments.priceNotFound);
    return { data: price };
  });

  app.put<RouteOf<'/api/stripe/subscriptions/{id}', 'put'>>(
    '/api/stripe/subscriptions/:id',
    async (request) => {
      const customerId = accountOf(request).id;
      await ownSubscription(customerId, request.params.id);
      const entry = await findPrice(db, request.body.priceId);
      if (entry === null) {
        throw badRequest({ priceId: texts.payments.priceNotFound }, texts.payments.priceNotFound);
      }
      // The portal's own change, with its guard (no licence list here: over the limit is a 409).
      const updated = await changePlan(app, customerId, { entry });
      return { data: subscriptionJson(updated) };
    },
  );

  app.delete<RouteOf<'/api/stripe/subscriptions/{id}', 'delete'>>(
    '/api/stripe/subscriptions/:id',
    async (request) => {
      const customerId = accountOf(request).id;
      await ownSubscription(customerId, request.params.id);
      // At the period's end, as the portal's own cancel (the subscription stays active until then).
      return { data: subscriptionJson(await cancelAtPeriodEnd(app, customerId)) };
    },
  );

  app.post<RouteOf<'/api/stripe/billing-portal', 'post'>>(
    '/api/stripe/billing-portal',
    async (request) => {
      const { customerId, returnUrl } = request.body;
      const own = await ownProviderCustomer(accountOf(request).id, customerId);
      assertReturnUrls({ returnUrl }, config.allowedRedirectOrigins);
      return { data: await provider.createPortalSession({ customerId: own, returnUrl }) };
    },
  );

  app.post<RouteOf<'/api/stripe/customer-portal', 'post'>>(
    '/api/stripe/customer-portal',
    async (request) => {
      const { stripe_customer_id, returnUrl } = request.body;
      const own = await ownProviderCustomer(accountOf(request).id, stripe_customer_id);
      assertReturnUrls({ returnUrl }, config.allowedRedirectOrigins);
      return { data: await provider.createPortalSession({ customerId: own, returnUrl }) };
    },
  );
}
