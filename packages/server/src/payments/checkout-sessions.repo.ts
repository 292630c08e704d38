import type { Database } from '../db/database.ts';
import type {
  BillingCycle,
  CheckoutStatus,
  PaymentStatus,
  ProviderCheckoutSession,
} from './provider.ts';

/**
 * Checkout sessions (table `checkout_sessions`): every one this server created, whichever
 * provider hosts it; for the sandbox the row is the provider's own state.
 */
export interface CheckoutSessionRow {
  id: string;
  provider: 'sandbox' | 'stripe';
  plan_id: string;
  plan_name: string;
  price_id: string;
  billing_cycle: BillingCycle;
  amount_total: number;
  status: CheckoutStatus;
  payment_status: PaymentStatus;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  used_at: Date | null;
  customer_id: string | null;
  url: string | null;
  paid_at: Date | null;
  attached_at: Date | null;
}

const selectSession = `SELECT s.id, s.provider, s.plan_id, p.name AS plan_name, s.price_id,
    s.billing_cycle, s.amount_total, s.status, s.payment_status, s.success_url, s.cancel_url,
    s.customer_email, s.provider_customer_id, s.provider_subscription_id, s.used_at,
    s.customer_id, s.url, s.paid_at, s.attached_at
  FROM checkout_sessions s JOIN plans p ON p.id = s.plan_id`;

/** Null when this server never created the session (or, given `provider`, not with it). */
export async function findCheckoutSession(
  db: Database,
  id: string,
  provider?: CheckoutSessionRow['provider'],
): Promise<CheckoutSessionRow | null> {
  const [row] = await db.query<CheckoutSessionRow>(
    `${selectSession} WHERE s.id = $1 AND ($2::text IS NULL OR s.provider = $2)`,
    [id, provider ?? null],
  );
  return row ?? null;
}

/**
 * The session row locked until the transaction ends: attach, webhook and onboarding of one
 * session queue here, so the second finds what the first did.
 */
export async function lockCheckoutSession(
  tx: Database,
  id: string,
): Promise<Pick<CheckoutSessionRow, 'customer_id' | 'used_at' | 'attached_at'> | null> {
  const [row] = await tx.query<Pick<CheckoutSessionRow, 'customer_id' | 'used_at' | 'attached_at'>>(
    'SELECT customer_id, used_at, attached_at FROM checkout_sessions WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row ?? null;
}

export interface NewCheckoutSession {
  id: string;
  provider: CheckoutSessionRow['provider'];
  plan_id: string;
  price_id: string;
  billing_cycle: BillingCycle;
  amount_total: number;
  success_url: string;
  cancel_url: string;
  customer_email?: string | null;
  /** Signed-in checkout: the account (set at creation) and its provider customer. */
  customer_id?: string | null;
  provider_customer_id?: string | null;
  url?: string | null;
}

/**
 * Records a session, open for 24 hours as Stripe's are by default. The sandbox writes it as its
 * own state; Stripe's are recorded after creation, so a session already there is left alone.
 */
export async function insertCheckoutSession(
  db: Database,
  session: NewCheckoutSession,
): Promise<void> {
  await db.query(
    `INSERT INTO checkout_sessions (id, provider, plan_id, price_id, billing_cycle, amount_total,
       success_url, cancel_url, customer_email, customer_id, provider_customer_id, url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + interval '24 hours')
     ON CONFLICT (id) DO NOTHING`,
    [
      session.id,
      session.provider,
      session.plan_id,
      session.price_id,
      session.billing_cycle,
      session.amount_total,
      session.success_url,
      session.cancel_url,
      session.customer_email ?? null,
      session.customer_id ?? null,
      session.provider_customer_id ?? null,
      session.url ?? null,
    ],
  );
}

/**
 * Records a signed-in customer's session as the account's (the sandbox wrote its row already,
 * Stripe's is inserted). A concurrent click that recorded another open session for the same
 * plan and cycle first makes this throw a unique violation
 * (`checkout_sessions_open_per_customer`).
 */
export async function recordCustomerCheckout(
  db: Database,
  session: NewCheckoutSession & { customer_id: string; url: string },
): Promise<void> {
  await insertCheckoutSession(db, session);
  await db.query(
    `UPDATE checkout_sessions SET customer_id = $2, url = $3,
       provider_customer_id = coalesce($4, provider_customer_id)
     WHERE id = $1`,
    [session.id, session.customer_id, session.url, session.provider_customer_id ?? null],
  );
}

/** The unique index that keeps one open session per account, plan and cycle. */
export const OPEN_SESSION_INDEX = 'checkout_sessions_open_per_customer';

/**
 * The account's open, unpaid session for this plan and cycle, still within its deadline: what a
 * second click answers. Sessions past their deadline are marked expired first (as Stripe's
 * expire on schedule), so they never block a new one.
 */
export async function findOpenCustomerCheckout(
  db: Database,
  customerId: string,
  planId: string,
  billingCycle: BillingCycle,
): Promise<{ id: string; url: string } | null> {
  await db.query(
    `UPDATE checkout_sessions SET status = 'expired'
     WHERE customer_id = $1 AND status = 'open' AND expires_at <= now()`,
    [customerId],
  );
  const [row] = await db.query<{ id: string; url: string }>(
    `SELECT id, url FROM checkout_sessions
     WHERE customer_id = $1 AND plan_id = $2 AND billing_cycle = $3 AND status = 'open'
       AND payment_status = 'unpaid' AND url IS NOT NULL`,
    [customerId, planId, billingCycle],
  );
  return row ?? null;
}

/** A session nobody will be sent to (the loser of a double click): it can no longer be paid. */
export async function expireCheckoutSession(db: Database, id: string): Promise<void> {
  await db.query(
    `UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'
       AND payment_status = 'unpaid'`,
    [id],
  );
}

/** An open sandbox session past its deadline expires (as Stripe's expire on schedule). */
export async function expireIfPastDeadline(db: Database, id: string): Promise<void> {
  await db.query(
    `UPDATE checkout_sessions SET status = 'expired'
     WHERE id = $1 AND provider = 'sandbox' AND status = 'open' AND expires_at <= now()`,
    [id],
  );
}

/** Brings the record in line with the provider's answer; never turns paid back to unpaid. */
export async function applyProviderState(
  db: Database,
  id: string,
  remote: Pick<
    ProviderCheckoutSession,
    'status' | 'payment_status' | 'customer' | 'subscription' | 'customer_email'
  >,
): Promise<void> {
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

/**
 * The sandbox's payment: only the first click of a double submit moves the session out of
 * 'open' (true); later ones change nothing (false).
 */
export async function markPaid(tx: Database, id: string, email: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE checkout_sessions SET status = 'complete', payment_status = 'paid', paid_at = now(),
       customer_email = $2
     WHERE id = $1 AND status = 'open' RETURNING id`,
    [id, email],
  );
  return rows.length > 0;
}

export async function setProviderIds(
  tx: Database,
  id: string,
  providerCustomerId: string,
  providerSubscriptionId: string,
): Promise<void> {
  await tx.query(
    `UPDATE checkout_sessions SET provider_customer_id = $2, provider_subscription_id = $3
     WHERE id = $1`,
    [id, providerCustomerId, providerSubscriptionId],
  );
}

/**
 * Claims a paid session for one account: of any number of concurrent claims one row update
 * wins (true); the others see `used_at` set, or wait for the winner's commit on PostgreSQL.
 */
export async function claimForAccount(tx: Database, id: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE checkout_sessions SET used_at = now()
     WHERE id = $1 AND used_at IS NULL AND payment_status = 'paid' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** The session is now the account's subscription (used, so no onboarding can take it too). */
export async function markAttached(tx: Database, id: string, customerId: string): Promise<void> {
  await tx.query(
    `UPDATE checkout_sessions SET customer_id = $2, used_at = coalesce(used_at, now()),
       attached_at = now()
     WHERE id = $1`,
    [id, customerId],
  );
}

/**
 * Takes the right to queue one of the session's mails: true for the first caller only (the
 * flag is set in the caller's transaction, with the mail).
 */
export async function claimSessionMail(
  tx: Database,
  id: string,
  mail: 'receipt' | 'onboarding',
): Promise<boolean> {
  const column = mail === 'receipt' ? 'receipt_sent_at' : 'onboarding_mail_sent_at';
  const rows = await tx.query(
    `UPDATE checkout_sessions SET ${column} = now()
     WHERE id = $1 AND ${column} IS NULL AND payment_status = 'paid' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** A visitor's paid sessions that no account has used yet, for that email (resend-link). */
export async function paidUnusedSessionsOf(
  db: Database,
  email: string,
): Promise<CheckoutSessionRow[]> {
  return db.query<CheckoutSessionRow>(
    `${selectSession} WHERE s.customer_id IS NULL AND lower(s.customer_email) = lower($1)
       AND s.payment_status = 'paid' AND s.used_at IS NULL
     ORDER BY s.paid_at, s.id`,
    [email],
  );
}
