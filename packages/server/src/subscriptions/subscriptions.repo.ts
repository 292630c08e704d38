import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';

/** An account's subscription (table `subscriptions`) with what its plan says. */
export interface SubscriptionRow {
  id: string;
  plan_id: string;
  plan_name: string;
  billing_cycle: 'monthly' | 'yearly';
  status: string;
  current_period_end: Date | null;
  max_licenses: number;
  monthly_price_cents: number;
  yearly_price_cents: number;
}

const select = `SELECT s.id, s.plan_id, p.name AS plan_name, s.billing_cycle, s.status,
    s.current_period_end, p.max_licenses, p.monthly_price_cents, p.yearly_price_cents
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id
  WHERE s.customer_id = $1`;

/** `forUpdate`: the row stays locked until the transaction ends (licence limit checks). */
export async function subscriptionOf(
  db: Database,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    options.forUpdate === true ? `${select} FOR UPDATE OF s` : select,
    [customerId],
  );
  return row;
}

export async function hasProviderSubscription(
  db: Database,
  customerId: string,
  providerSubscriptionId: string,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM subscriptions WHERE customer_id = $1 AND provider_subscription_id = $2',
    [customerId, providerSubscriptionId],
  );
  return rows.length > 0;
}

export interface NewSubscription {
  customer_id: string;
  plan_id: string;
  billing_cycle: 'monthly' | 'yearly';
  provider_subscription_id: string | null;
  checkout_session_id: string | null;
}

/**
 * The one subscription insert: active for one period of its cycle. A second one for the same
 * customer or checkout session changes nothing (both columns are unique), so fulfilment may
 * arrive twice (account creation and webhook).
 */
export async function insertSubscription(
  db: Database,
  subscription: NewSubscription,
): Promise<void> {
  const period = subscription.billing_cycle === 'monthly' ? '1 month' : '1 year';
  await db.query(
    `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status,
       provider_subscription_id, checkout_session_id, current_period_end)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, now() + $7::interval)
     ON CONFLICT DO NOTHING`,
    [
      newId(),
      subscription.customer_id,
      subscription.plan_id,
      subscription.billing_cycle,
      subscription.provider_subscription_id,
      subscription.checkout_session_id,
      period,
    ],
  );
}

/** Mirrors the provider's state into the subscription it backs. */
export async function updateFromProvider(
  db: Database,
  providerSubscriptionId: string,
  state: {
    plan_id: string;
    billing_cycle: 'monthly' | 'yearly';
    status: string;
    current_period_end: string | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET plan_id = $2, billing_cycle = $3, status = $4,
       current_period_end = $5, updated_at = now()
     WHERE provider_subscription_id = $1`,
    [
      providerSubscriptionId,
      state.plan_id,
      state.billing_cycle,
      state.status,
      state.current_period_end,
    ],
  );
}
