import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { findPrice, listCatalogue } from '../../plans/plans.repo.ts';
import { billingCycleOf } from '../catalogue.ts';
import {
  expireIfPastDeadline,
  findCheckoutSession,
  insertCheckoutSession,
  markPaid,
  setProviderIds,
} from '../checkout-sessions.repo.ts';
import type {
  CatalogueEntry,
  PaymentProvider,
  ProviderCheckoutSession,
  ProviderPrice,
  ProviderSubscription,
} from '../provider.ts';
import { verifyWebhook } from '../webhook-signature.ts';
import {
  cancelSandboxSubscription,
  changeSandboxSubscriptionPrice,
  findPortalSession,
  findSandboxCustomer,
  findSandboxSubscription,
  insertPortalSession,
  insertSandboxCustomer,
  insertSandboxSubscription,
  latestSandboxSubscription,
  type SandboxSubscriptionRow,
} from './sandbox.repo.ts';

/** Stripe-like ids: a type prefix and enough randomness to be a capability in a URL. */
export function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(18).toString('base64url')}`;
}

function subscriptionOf(row: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customer: row.customer_id,
    status: row.status,
    plan_id: row.plan_id,
    price_id: row.price_id,
    billingCycle: billingCycleOf(row.interval),
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: row.cancel_at_period_end,
  };
}

function priceOf(entry: CatalogueEntry): ProviderPrice {
  return {
    id: entry.price.id,
    plan_id: entry.plan.id,
    product: entry.plan.id,
    unit_amount: entry.price.unit_amount,
    currency: 'eur',
    interval: entry.price.interval,
  };
}

export type SandboxPaymentOutcome = 'paid' | 'declined' | 'invalid-card' | 'not-open';

/** The two test cards of the sandbox, as Stripe's test mode knows them. */
export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The hosted checkout page's "Payer": charges the test card, creating customer and subscription. */
  pay(sessionId: string, input: { card: string; email: string }): Promise<SandboxPaymentOutcome>;
  portalSession(id: string): Promise<{ customerId: string; returnUrl: string } | null>;
}

/**
 * The default provider: everything a hosted payment provider keeps is kept in this server's
 * database, and its pages are served under `/sandbox` on the same origin.
 */
export function createSandboxProvider(options: {
  db: Database;
  publicOrigin: string;
  webhookSecret: string | undefined;
}): SandboxProvider {
  const { db, publicOrigin, webhookSecret } = options;

  async function retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    await expireIfPastDeadline(db, id);
    const row = await findCheckoutSession(db, id, 'sandbox');
    if (row === null) return null;
    return {
      id: row.id,
      amount_total: row.amount_total,
      currency: 'eur',
      status: row.status,
      payment_status: row.payment_status,
      plan_id: row.plan_id,
      price_id: row.price_id,
      billingCycle: row.billing_cycle,
      customer: row.provider_customer_id,
      subscription: row.provider_subscription_id,
      customer_email: row.customer_email,
    };
  }

  async function retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const row = await findSandboxSubscription(db, id);
    return row === null ? null : subscriptionOf(row);
  }

  async function requireSubscription(id: string): Promise<ProviderSubscription> {
    const subscription = await retrieveSubscription(id);
    if (subscription === null) throw new Error(`No sandbox subscription ${id}`);
    return subscription;
  }

  return {
    name: 'sandbox',

    async createCheckoutSession(input) {
      const id = sandboxId('cs');
      await insertCheckoutSession(db, {
        id,
        provider: 'sandbox',
        plan_id: input.plan.id,
        price_id: input.price.id,
        billing_cycle: input.billingCycle,
        amount_total: input.price.unit_amount,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer_email: input.customerEmail ?? null,
      });
      return { id, url: `${publicOrigin}/sandbox/checkout/${id}` };
    },

    retrieveCheckoutSession,

    async pay(sessionId, { card, email }) {
      const session = await retrieveCheckoutSession(sessionId);
      if (session === null || session.status !== 'open') return 'not-open';
      const number = card.replace(/[\s-]/g, '');
      if (number === SANDBOX_CARDS.declined) return 'declined';
      if (number !== SANDBOX_CARDS.success) return 'invalid-card';
      return db.transaction(async (tx) => {
        // Only the first click of a double submit moves the session out of 'open'.
        if (!(await markPaid(tx, sessionId, email))) return 'not-open';
        const customerId = sandboxId('cus');
        const subscriptionId = sandboxId('sub');
        await insertSandboxCustomer(tx, { id: customerId, email });
        await insertSandboxSubscription(tx, {
          id: subscriptionId,
          customer_id: customerId,
          price_id: session.price_id,
          interval: session.billingCycle === 'monthly' ? 'month' : 'year',
        });
        await setProviderIds(tx, sessionId, customerId, subscriptionId);
        return 'paid';
      });
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = sandboxId('bps');
      await insertPortalSession(db, {
        id,
        provider_customer_id: customerId,
        return_url: returnUrl,
      });
      return { url: `${publicOrigin}/sandbox/portal/${id}` };
    },

    async portalSession(id) {
      const row = await findPortalSession(db, id);
      return row === null
        ? null
        : { customerId: row.provider_customer_id, returnUrl: row.return_url };
    },

    async createCustomer({ email, name }) {
      const id = sandboxId('cus');
      await insertSandboxCustomer(db, { id, email, name });
      return { id, email, name };
    },

    async retrieveCustomer(id) {
      return findSandboxCustomer(db, id);
    },

    retrieveSubscription,

    async subscriptionOfCustomer(customerId) {
      const row = await latestSandboxSubscription(db, customerId);
      return row === null ? null : subscriptionOf(row);
    },

    async changeSubscriptionPrice(id, entry) {
      await changeSandboxSubscriptionPrice(db, id, entry.price);
      return requireSubscription(id);
    },

    async cancelSubscription(id) {
      await cancelSandboxSubscription(db, id);
      return requireSubscription(id);
    },

    async listPrices() {
      return (await listCatalogue(db)).map(priceOf);
    },

    async retrievePrice(id) {
      const entry = await findPrice(db, id);
      return entry === null ? null : priceOf(entry);
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyWebhook(rawBody, signatureHeader, webhookSecret);
    },
  };
}
