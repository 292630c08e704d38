import type { Database } from '../../db/database.ts';
import type { ProviderCustomer, SubscriptionStatus } from '../provider.ts';

/**
 * What the sandbox provider keeps as a hosted provider would (tables `sandbox_customers`,
 * `sandbox_subscriptions`, `sandbox_portal_sessions`); its checkout sessions are
 * `checkout_sessions` rows (`../checkout-sessions.repo.ts`).
 */
export interface SandboxSubscriptionRow {
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

/** The period a price pays for, as a PostgreSQL interval. */
const periodOf = (interval: 'month' | 'year') => (interval === 'month' ? '1 month' : '1 year');

export async function insertSandboxCustomer(
  db: Database,
  customer: { id: string; email: string; name?: string | null },
): Promise<void> {
  await db.query('INSERT INTO sandbox_customers (id, email, name) VALUES ($1, $2, $3)', [
    customer.id,
    customer.email,
    customer.name ?? null,
  ]);
}

export async function findSandboxCustomer(
  db: Database,
  id: string,
): Promise<ProviderCustomer | null> {
  const [row] = await db.query<ProviderCustomer>(
    'SELECT id, email, name FROM sandbox_customers WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/** The customer's test clock: its own time once advanced, else `now` (the provider's time). */
export async function customerTime(db: Database, customerId: string, now: Date): Promise<Date> {
  const [row] = await db.query<{ test_clock: Date | null }>(
    'SELECT test_clock FROM sandbox_customers WHERE id = $1',
    [customerId],
  );
  const clock = row?.test_clock ?? null;
  return clock !== null && new Date(clock) > now ? new Date(clock) : now;
}

/** An active subscription for one period of its price's interval, from `start`. */
export async function insertSandboxSubscription(
  db: Database,
  subscription: { id: string; customer_id: string; price_id: string; interval: 'month' | 'year' },
  start: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_subscriptions (id, customer_id, price_id, status, current_period_end,
       created_at)
     VALUES ($1, $2, $3, 'active', $4::timestamptz + $5::interval, $4)`,
    [
      subscription.id,
      subscription.customer_id,
      subscription.price_id,
      start,
      periodOf(subscription.interval),
    ],
  );
}

export async function findSandboxSubscription(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SandboxSubscriptionRow | null> {
  const [row] = await db.query<SandboxSubscriptionRow>(
    `${subscriptionSelect} WHERE s.id = $1${options.forUpdate === true ? ' FOR UPDATE OF s' : ''}`,
    [id],
  );
  return row ?? null;
}

/** The customer's latest subscription. */
export async function latestSandboxSubscription(
  db: Database,
  customerId: string,
): Promise<SandboxSubscriptionRow | null> {
  const [row] = await db.query<SandboxSubscriptionRow>(
    `${subscriptionSelect} WHERE s.customer_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
    [customerId],
  );
  return row ?? null;
}

/**
 * A plan or cycle switch of a live subscription: a switch within the same interval keeps the
 * period, one to another interval restarts it at `at` (as Stripe moves the billing anchor).
 */
export async function changeSandboxSubscriptionPrice(
  db: Database,
  id: string,
  price: { id: string; interval: 'month' | 'year' },
  restartAt: Date | null,
): Promise<void> {
  await db.query(
    `UPDATE sandbox_subscriptions SET price_id = $2,
       current_period_end = CASE WHEN $3::timestamptz IS NULL THEN current_period_end
         ELSE $3::timestamptz + $4::interval END
     WHERE id = $1 AND status IN ('active', 'past_due')`,
    [id, price.id, restartAt, periodOf(price.interval)],
  );
}

/** Sets or clears the end-of-period cancellation of a subscription not ended yet. */
export async function setSandboxCancelAtPeriodEnd(
  db: Database,
  id: string,
  cancel: boolean,
): Promise<void> {
  await db.query(
    `UPDATE sandbox_subscriptions SET cancel_at_period_end = $2
     WHERE id = $1 AND status <> 'canceled'`,
    [id, cancel],
  );
}

export async function setSandboxSubscriptionStatus(
  db: Database,
  id: string,
  status: 'active' | 'past_due' | 'canceled',
): Promise<void> {
  await db.query('UPDATE sandbox_subscriptions SET status = $2 WHERE id = $1', [id, status]);
}

/** Moves a subscription into its next period. */
export async function renewSandboxSubscription(db: Database, id: string): Promise<void> {
  await db.query(
    `UPDATE sandbox_subscriptions s SET status = 'active',
       current_period_end = s.current_period_end
         + CASE pr.interval WHEN 'month' THEN interval '1 month' ELSE interval '1 year' END
     FROM prices pr WHERE pr.id = s.price_id AND s.id = $1`,
    [id],
  );
}

/** Moves the customer's test clock to `at`. */
export async function setTestClock(db: Database, customerId: string, at: Date): Promise<void> {
  await db.query('UPDATE sandbox_customers SET test_clock = $2 WHERE id = $1', [customerId, at]);
}

export interface SandboxInvoiceRow {
  id: string;
  subscription_id: string;
  kind: 'renewal' | 'proration';
  price_id: string;
  amount: number;
  status: 'paid' | 'open' | 'pending';
  created_at: Date;
}

export async function insertSandboxInvoice(
  db: Database,
  invoice: Omit<SandboxInvoiceRow, 'created_at'>,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_invoices (id, subscription_id, kind, price_id, amount, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      invoice.id,
      invoice.subscription_id,
      invoice.kind,
      invoice.price_id,
      invoice.amount,
      invoice.status,
      at,
    ],
  );
}

export async function findSandboxInvoice(
  db: Database,
  id: string,
): Promise<SandboxInvoiceRow | null> {
  const [row] = await db.query<SandboxInvoiceRow>(
    `SELECT id, subscription_id, kind, price_id, amount, status, created_at
     FROM sandbox_invoices WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** The subscription's renewal invoice still owed (a failed payment), if any. */
export async function openSandboxInvoice(
  db: Database,
  subscriptionId: string,
): Promise<SandboxInvoiceRow | null> {
  const [row] = await db.query<SandboxInvoiceRow>(
    `SELECT id, subscription_id, kind, price_id, amount, status, created_at
     FROM sandbox_invoices WHERE subscription_id = $1 AND kind = 'renewal' AND status = 'open'
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [subscriptionId],
  );
  return row ?? null;
}

/** The prorations not invoiced yet: what the next renewal adds, in cents. */
export async function pendingProrationsTotal(
  db: Database,
  subscriptionId: string,
): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `SELECT coalesce(sum(amount), 0)::int AS total FROM sandbox_invoices
     WHERE subscription_id = $1 AND kind = 'proration' AND status = 'pending'`,
    [subscriptionId],
  );
  return row?.total ?? 0;
}

/**
 * The prorations not invoiced yet, charged by `invoiceId` (the renewal that includes them);
 * answers their total in cents.
 */
export async function invoicePendingProrations(
  db: Database,
  subscriptionId: string,
  invoiceId: string,
): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `WITH charged AS (
       UPDATE sandbox_invoices SET status = 'paid', invoiced_in = $2
       WHERE subscription_id = $1 AND kind = 'proration' AND status = 'pending'
       RETURNING amount)
     SELECT coalesce(sum(amount), 0)::int AS total FROM charged`,
    [subscriptionId, invoiceId],
  );
  return row?.total ?? 0;
}

export async function markSandboxInvoicePaid(
  db: Database,
  id: string,
  amount: number,
): Promise<void> {
  await db.query(`UPDATE sandbox_invoices SET status = 'paid', amount = $2 WHERE id = $1`, [
    id,
    amount,
  ]);
}

/** A portal link is a bearer capability: kept one hour. */
export async function insertPortalSession(
  db: Database,
  session: { id: string; provider_customer_id: string; return_url: string },
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_portal_sessions (id, provider_customer_id, return_url, expires_at)
     VALUES ($1, $2, $3, now() + interval '1 hour')`,
    [session.id, session.provider_customer_id, session.return_url],
  );
}

/** A portal session still current, else null. */
export async function findPortalSession(
  db: Database,
  id: string,
): Promise<{ provider_customer_id: string; return_url: string } | null> {
  const [row] = await db.query<{ provider_customer_id: string; return_url: string }>(
    `SELECT provider_customer_id, return_url FROM sandbox_portal_sessions
     WHERE id = $1 AND expires_at > now()`,
    [id],
  );
  return row ?? null;
}
