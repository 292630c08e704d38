import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { billingCycleOf, findPrice, listCatalogue } from '../catalogue.ts';
import type {
  BillingCycle,
  CatalogueEntry,
  CheckoutStatus,
  PaymentProvider,
  PaymentStatus,
  ProviderCheckoutSession,
  ProviderCustomer,
  ProviderPrice,
  ProviderSubscription,
  SubscriptionStatus,
} from '../provider.ts';
import { verifyWebhook } from '../webhook-signature.ts';

/** Stripe-like ids: a type prefix and enough randomness to be a capability in a URL. */
export function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(18).toString('base64url')}`;
}

/** Checkout sessions stay open 24 hours, as Stripe's do by default. */
const CHECKOUT_LIFETIME_SQL = "now() + interval '24 hours'";
/** A portal link is a bearer capability: keep it short-lived. */
const PORTAL_LIFETIME_SQL = "now() + interval '1 hour'";

interface SessionRow {
  id: string;
  plan_id: string;
  price_id: string;
  billing_cycle: BillingCycle;
  amount_total: number;
  status: CheckoutStatus;
  payment_status: PaymentStatus;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  customer_email: string | null;
}

interface SubscriptionRow {
  id: string;
  customer_id: string;
  price_id: string;
  plan_id: string;
  interval: 'month' | 'year';
  status: SubscriptionStatus;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
}

const subscriptionSelect = `SELECT s.id, s.customer_id, s.price_id, pr.plan_id, pr.interval, s.status,
  s.current_period_end, s.cancel_at_period_end
  FROM sandbox_subscriptions s JOIN prices pr ON pr.id = s.price_id`;

function subscriptionOf(row: SubscriptionRow): ProviderSubscription {
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
    // An open session past its deadline expires on first sight, as Stripe's expire on schedule.
    await db.query(
      `UPDATE checkout_sessions SET status = 'expired'
       WHERE id = $1 AND provider = 'sandbox' AND status = 'open' AND expires_at <= now()`,
      [id],
    );
    const [row] = await db.query<SessionRow>(
      `SELECT id, plan_id, price_id, billing_cycle, amount_total, status, payment_status,
         provider_customer_id, provider_subscription_id, customer_email
       FROM checkout_sessions WHERE id = $1 AND provider = 'sandbox'`,
      [id],
    );
    if (row === undefined) return null;
    const session: ProviderCheckoutSession = {
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
    return session;
  }

  async function retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const [row] = await db.query<SubscriptionRow>(`${subscriptionSelect} WHERE s.id = $1`, [id]);
    return row === undefined ? null : subscriptionOf(row);
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
      await db.query(
        `INSERT INTO checkout_sessions (id, provider, plan_id, price_id, billing_cycle, amount_total,
           success_url, cancel_url, customer_email, expires_at)
         VALUES ($1, 'sandbox', $2, $3, $4, $5, $6, $7, $8, ${CHECKOUT_LIFETIME_SQL})`,
        [
          id,
          input.plan.id,
          input.price.id,
          input.billingCycle,
          input.price.unit_amount,
          input.successUrl,
          input.cancelUrl,
          input.customerEmail ?? null,
        ],
      );
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
        const [claimed] = await tx.query<{ id: string }>(
          `UPDATE checkout_sessions SET status = 'complete', payment_status = 'paid', paid_at = now(),
             customer_email = $2
           WHERE id = $1 AND status = 'open' RETURNING id`,
          [sessionId, email],
        );
        if (claimed === undefined) return 'not-open';
        const customerId = sandboxId('cus');
        const subscriptionId = sandboxId('sub');
        await tx.query('INSERT INTO sandbox_customers (id, email) VALUES ($1, $2)', [
          customerId,
          email,
        ]);
        const period = session.billingCycle === 'monthly' ? '1 month' : '1 year';
        await tx.query(
          `INSERT INTO sandbox_subscriptions (id, customer_id, price_id, status, current_period_end)
           VALUES ($1, $2, $3, 'active', now() + $4::interval)`,
          [subscriptionId, customerId, session.price_id, period],
        );
        await tx.query(
          `UPDATE checkout_sessions SET provider_customer_id = $2, provider_subscription_id = $3
           WHERE id = $1`,
          [sessionId, customerId, subscriptionId],
        );
        return 'paid';
      });
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = sandboxId('bps');
      await db.query(
        `INSERT INTO sandbox_portal_sessions (id, provider_customer_id, return_url, expires_at)
         VALUES ($1, $2, $3, ${PORTAL_LIFETIME_SQL})`,
        [id, customerId, returnUrl],
      );
      return { url: `${publicOrigin}/sandbox/portal/${id}` };
    },

    async portalSession(id) {
      const [row] = await db.query<{ provider_customer_id: string; return_url: string }>(
        `SELECT provider_customer_id, return_url FROM sandbox_portal_sessions
         WHERE id = $1 AND expires_at > now()`,
        [id],
      );
      return row === undefined
        ? null
        : { customerId: row.provider_customer_id, returnUrl: row.return_url };
    },

    async createCustomer({ email, name }) {
      const id = sandboxId('cus');
      await db.query('INSERT INTO sandbox_customers (id, email, name) VALUES ($1, $2, $3)', [
        id,
        email,
        name,
      ]);
      return { id, email, name };
    },

    async retrieveCustomer(id) {
      const [row] = await db.query<ProviderCustomer>(
        'SELECT id, email, name FROM sandbox_customers WHERE id = $1',
        [id],
      );
      return row ?? null;
    },

    retrieveSubscription,

    async subscriptionOfCustomer(customerId) {
      const [row] = await db.query<SubscriptionRow>(
        `${subscriptionSelect} WHERE s.customer_id = $1 ORDER BY s.created_at DESC LIMIT 1`,
        [customerId],
      );
      return row === undefined ? null : subscriptionOf(row);
    },

    async changeSubscriptionPrice(id, entry) {
      await db.query(
        `UPDATE sandbox_subscriptions SET price_id = $2,
           current_period_end = now() + $3::interval
         WHERE id = $1 AND status = 'active'`,
        [id, entry.price.id, entry.price.interval === 'month' ? '1 month' : '1 year'],
      );
      return requireSubscription(id);
    },

    async cancelSubscription(id) {
      await db.query(`UPDATE sandbox_subscriptions SET status = 'canceled' WHERE id = $1`, [id]);
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
