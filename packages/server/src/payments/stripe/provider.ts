import Stripe from 'stripe';
import type { Database } from '../../db/database.ts';
import { findPrice } from '../../plans/plans.repo.ts';
import { billingCycleOf } from '../catalogue.ts';
import type {
  CatalogueEntry,
  CheckoutStatus,
  PaymentProvider,
  ProviderCheckoutSession,
  ProviderPrice,
  ProviderSubscription,
  SubscriptionStatus,
} from '../provider.ts';
import { verifyWebhook } from '../webhook-signature.ts';

export interface StripeProviderOptions {
  db: Database;
  secretKey: string;
  webhookSecret: string | undefined;
  /** Only for tests against a local fake API: the SDK's own host/port/protocol options. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'past_due';
}

function checkoutStatusOf(status: Stripe.Checkout.Session.Status | null): CheckoutStatus {
  if (status === 'complete') return 'complete';
  return status === 'expired' ? 'expired' : 'open';
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}

async function orNullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Stripe behind the provider interface. The catalogue's price ids (`price_basic_monthly` ...) are
 * the Stripe prices' `lookup_key`s, so the account's own price ids never leak into the app.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { db, webhookSecret } = options;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(options.api ?? {}),
  });

  async function stripePriceOf(lookupKey: string): Promise<Stripe.Price | null> {
    const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    return data[0] ?? null;
  }

  async function requireStripePrice(lookupKey: string): Promise<Stripe.Price> {
    const price = await stripePriceOf(lookupKey);
    if (price === null) throw new Error(`No active Stripe price has the lookup key ${lookupKey}`);
    return price;
  }

  async function priceOf(price: Stripe.Price): Promise<ProviderPrice | null> {
    const entry = price.lookup_key === null ? null : await findPrice(db, price.lookup_key);
    if (entry === null) return null;
    return {
      id: entry.price.id,
      plan_id: entry.plan.id,
      product: idOf(price.product),
      unit_amount: price.unit_amount ?? 0,
      currency: 'eur',
      interval: entry.price.interval,
    };
  }

  async function subscriptionOf(subscription: Stripe.Subscription): Promise<ProviderSubscription> {
    const item = subscription.items.data[0];
    const lookupKey = item?.price.lookup_key ?? null;
    const entry = lookupKey === null ? null : await findPrice(db, lookupKey);
    if (item === undefined || entry === null) {
      throw new Error(`Stripe subscription ${subscription.id} has no catalogue price`);
    }
    return {
      id: subscription.id,
      customer: idOf(subscription.customer) ?? '',
      status: statusOf(subscription.status),
      plan_id: entry.plan.id,
      price_id: entry.price.id,
      billingCycle: billingCycleOf(entry.price.interval),
      current_period_end: new Date(item.current_period_end * 1000).toISOString(),
      cancel_at_period_end: subscription.cancel_at_period_end,
    };
  }

  return {
    name: 'stripe',

    async createCheckoutSession(input) {
      const price = await requireStripePrice(input.price.id);
      const metadata = {
        plan_id: input.plan.id,
        price_id: input.price.id,
        billingCycle: input.billingCycle,
      };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        // Stripe takes one or the other: a signed-in account's customer, else the email.
        ...(input.customerId !== undefined
          ? { customer: input.customerId }
          : input.customerEmail === undefined
            ? {}
            : { customer_email: input.customerEmail }),
        metadata,
        subscription_data: { metadata },
      });
      if (session.url === null) throw new Error(`Stripe session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const session = await orNullWhenMissing(stripe.checkout.sessions.retrieve(id));
      if (session === null) return null;
      const entry = await findPrice(db, session.metadata?.price_id ?? '');
      if (entry === null) return null;
      const result: ProviderCheckoutSession = {
        id: session.id,
        amount_total: session.amount_total ?? 0,
        currency: 'eur',
        status: checkoutStatusOf(session.status),
        payment_status: session.payment_status === 'paid' ? 'paid' : 'unpaid',
        plan_id: entry.plan.id,
        price_id: entry.price.id,
        billingCycle: billingCycleOf(entry.price.interval),
        customer: idOf(session.customer),
        subscription: idOf(session.subscription),
        customer_email: session.customer_details?.email ?? session.customer_email ?? null,
      };
      return result;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },

    async createCustomer({ email, name }) {
      const customer = await stripe.customers.create({ email, ...(name ? { name } : {}) });
      return { id: customer.id, email: customer.email ?? email, name: customer.name ?? null };
    },

    async retrieveCustomer(id) {
      const customer = await orNullWhenMissing(stripe.customers.retrieve(id));
      if (customer === null || customer.deleted === true) return null;
      return { id: customer.id, email: customer.email ?? '', name: customer.name ?? null };
    },

    async retrieveSubscription(id) {
      const subscription = await orNullWhenMissing(stripe.subscriptions.retrieve(id));
      return subscription === null ? null : subscriptionOf(subscription);
    },

    async subscriptionOfCustomer(customerId) {
      const { data } = await stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 1,
      });
      return data[0] === undefined ? null : subscriptionOf(data[0]);
    },

    async changeSubscriptionPrice(id, entry: CatalogueEntry) {
      const current = await stripe.subscriptions.retrieve(id);
      const item = current.items.data[0];
      if (item === undefined) throw new Error(`Stripe subscription ${id} has no item`);
      const price = await requireStripePrice(entry.price.id);
      const updated = await stripe.subscriptions.update(id, {
        items: [{ id: item.id, price: price.id }],
        // At once, the difference for the rest of the period on the next invoice.
        proration_behavior: 'create_prorations',
        metadata: {
          plan_id: entry.plan.id,
          price_id: entry.price.id,
          billingCycle: billingCycleOf(entry.price.interval),
        },
      });
      return subscriptionOf(updated);
    },

    async cancelAtPeriodEnd(id) {
      return subscriptionOf(await stripe.subscriptions.update(id, { cancel_at_period_end: true }));
    },

    async resumeSubscription(id) {
      return subscriptionOf(await stripe.subscriptions.update(id, { cancel_at_period_end: false }));
    },

    async retrieveInvoice(id) {
      const invoice = await orNullWhenMissing(stripe.invoices.retrieve(id));
      if (invoice === null || invoice.id === undefined) return null;
      const status =
        invoice.status === 'paid' ? 'paid' : invoice.status === 'open' ? 'open' : 'other';
      return {
        id: invoice.id,
        subscription: idOf(invoice.parent?.subscription_details?.subscription ?? null),
        status,
        amount: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        firstOfSubscription: invoice.billing_reason === 'subscription_create',
      };
    },

    async listPrices() {
      const { data } = await stripe.prices.list({ active: true, limit: 100 });
      const prices = await Promise.all(data.map(priceOf));
      return prices.filter((price): price is ProviderPrice => price !== null);
    },

    async retrievePrice(id) {
      const price = await stripePriceOf(id);
      return price === null ? null : priceOf(price);
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyWebhook(rawBody, signatureHeader, webhookSecret);
    },
  };
}
