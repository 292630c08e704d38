import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import type {
  BillingCycle,
  CheckoutStatus,
  PaymentProvider,
  PaymentStatus,
  ProviderSubscription,
} from './provider.ts';

/** The server's own record of a checkout session (table checkout_sessions). */
export interface CheckoutSessionRecord {
  id: string;
  plan_id: string;
  plan_name: string;
  price_id: string;
  billing_cycle: BillingCycle;
  amount_total: number;
  status: CheckoutStatus;
  payment_status: PaymentStatus;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  customer_email: string | null;
  used_at: Date | null;
  customer_id: string | null;
}

export async function findCheckoutSession(
  db: Database,
  id: string,
): Promise<CheckoutSessionRecord | null> {
  const [row] = await db.query<CheckoutSessionRecord>(
    `SELECT s.id, s.plan_id, p.name AS plan_name, s.price_id, s.billing_cycle, s.amount_total,
       s.status, s.payment_status, s.provider_customer_id, s.provider_subscription_id,
       s.customer_email, s.used_at, s.customer_id
     FROM checkout_sessions s JOIN plans p ON p.id = s.plan_id WHERE s.id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * Brings the server's record in line with the provider's answer (for the sandbox both are the
 * same row, for Stripe this is where a payment becomes known). Never turns paid back to unpaid.
 */
export async function syncCheckoutSession(
  db: Database,
  provider: PaymentProvider,
  id: string,
): Promise<CheckoutSessionRecord | null> {
  const remote = await provider.retrieveCheckoutSession(id);
  if (remote !== null) {
    await db.query(
      `UPDATE checkout_sessions SET status = $2,
         payment_status = CASE WHEN payment_status = 'paid' THEN 'paid' ELSE $3 END,
         paid_at = CASE WHEN $3 = 'paid' THEN coalesce(paid_at, now()) ELSE paid_at END,
         provider_customer_id = coalesce($4, provider_customer_id),
         provider_subscription_id = coalesce($5, provider_subscription_id),
         customer_email = coalesce($6, customer_email)
       WHERE id = $1`,
      [
        id,
        remote.status,
        remote.payment_status,
        remote.customer,
        remote.subscription,
        remote.customer_email,
      ],
    );
  }
  return findCheckoutSession(db, id);
}

/**
 * The one place a paid session becomes a subscription. Both the account creation and the
 * provider's webhook reach it; the unique `checkout_session_id` and `customer_id` columns make
 * the second arrival a no-op.
 */
export async function ensureSubscription(
  db: Database,
  session: CheckoutSessionRecord,
  customerId: string,
): Promise<void> {
  const period = session.billing_cycle === 'monthly' ? '1 month' : '1 year';
  await db.query(
    `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status,
       provider_subscription_id, checkout_session_id, current_period_end)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, now() + $7::interval)
     ON CONFLICT DO NOTHING`,
    [
      newId(),
      customerId,
      session.plan_id,
      session.billing_cycle,
      session.provider_subscription_id,
      session.id,
      period,
    ],
  );
}

/** Fulfils a session the provider reports complete: records it paid, and if an account was
 *  already created from it, makes sure that account has its subscription. */
export async function fulfilCheckoutSession(
  db: Database,
  provider: PaymentProvider,
  id: string,
): Promise<void> {
  const session = await syncCheckoutSession(db, provider, id);
  if (session === null || session.payment_status !== 'paid' || session.customer_id === null) return;
  await ensureSubscription(db, session, session.customer_id);
}

/** Mirrors a provider subscription (after a portal change or a provider event) into the
 *  account's subscription, which is what `GET /api/client/subscription/current` reads. */
export async function syncSubscription(
  db: Database,
  subscription: ProviderSubscription,
): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET plan_id = $2, billing_cycle = $3, status = $4,
       current_period_end = $5, updated_at = now()
     WHERE provider_subscription_id = $1`,
    [
      subscription.id,
      subscription.plan_id,
      subscription.billingCycle,
      subscription.status,
      subscription.current_period_end,
    ],
  );
}
