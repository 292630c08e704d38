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

/** An active subscription for one period of its price's interval. */
export async function insertSandboxSubscription(
  db: Database,
  subscription: { id: string; customer_id: string; price_id: string; interval: 'month' | 'year' },
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_subscriptions (id, customer_id, price_id, status, current_period_end)
     VALUES ($1, $2, $3, 'active', now() + $4::interval)`,
    [
      subscription.id,
      subscription.customer_id,
      subscription.price_id,
      periodOf(subscription.interval),
    ],
  );
}

export async function findSandboxSubscription(
  db: Database,
  id: string,
): Promise<SandboxSubscriptionRow | null> {
  const [row] = await db.query<SandboxSubscriptionRow>(`${subscriptionSelect} WHERE s.id = $1`, [
    id,
  ]);
  return row ?? null;
}

/** The customer's latest subscription. */
export async function latestSandboxSubscription(
  db: Database,
  customerId: string,
): Promise<SandboxSubscriptionRow | null> {
  const [row] = await db.query<SandboxSubscriptionRow>(
    `${subscriptionSelect} WHERE s.customer_id = $1 ORDER BY s.created_at DESC LIMIT 1`,
    [customerId],
  );
  return row ?? null;
}

/** A plan or cycle switch restarts the period (active subscriptions only). */
export async function changeSandboxSubscriptionPrice(
  db: Database,
  id: string,
  price: { id: string; interval: 'month' | 'year' },
): Promise<void> {
  await db.query(
    `UPDATE sandbox_subscriptions SET price_id = $2, current_period_end = now() + $3::interval
     WHERE id = $1 AND status = 'active'`,
    [id, price.id, periodOf(price.interval)],
  );
}

export async function cancelSandboxSubscription(db: Database, id: string): Promise<void> {
  await db.query(`UPDATE sandbox_subscriptions SET status = 'canceled' WHERE id = $1`, [id]);
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
