import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';

/** An account's subscription (table `subscriptions`) with what its plan says. */
export interface SubscriptionRow {
  id: string;
  customer_id: string;
  plan_id: string;
  plan_name: string;
  billing_cycle: 'monthly' | 'yearly';
  /** As stored: 'trialing', 'active', 'past_due' or 'canceled' (see `status.ts` for the clock's). */
  status: string;
  current_period_end: Date | null;
  trial_end: Date | null;
  cancel_at_period_end: boolean;
  provider_subscription_id: string | null;
  /** The end of the last period paid for (null: never paid); see docs/product.md, 'Theme releases'. */
  paid_through: Date | null;
  max_licenses: number;
  monthly_price_cents: number;
  yearly_price_cents: number;
}

const columns = `s.id, s.customer_id, s.plan_id, p.name AS plan_name, s.billing_cycle, s.status,
    s.current_period_end, s.trial_end, s.cancel_at_period_end, s.provider_subscription_id,
    s.paid_through, p.max_licenses, p.monthly_price_cents, p.yearly_price_cents
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id`;
const select = `SELECT ${columns} WHERE s.customer_id = $1`;

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
 * The one subscription insert: active (paid) for one period of its cycle. A second one for the same
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
       provider_subscription_id, checkout_session_id, current_period_end, paid_through)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, now() + $7::interval, now() + $7::interval)
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

/** The signup's free trial: the given plan, monthly, until `trialEnd`, no provider ids. */
export async function insertTrial(
  db: Database,
  trial: { customer_id: string; plan_id: string; trial_end: Date; created_at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status, trial_end,
       current_period_end, created_at, updated_at)
     VALUES ($1, $2, $3, 'monthly', 'trialing', $4, $4, $5, $5)`,
    [newId(), trial.customer_id, trial.plan_id, trial.trial_end, trial.created_at],
  );
}

/**
 * Mirrors the provider's state into the subscription it backs; answers the account it belongs
 * to (undefined when no account has that provider subscription). An active subscription has
 * paid its period: `paid_through` rises to its end.
 */
export async function updateFromProvider(
  db: Database,
  providerSubscriptionId: string,
  state: {
    plan_id: string;
    billing_cycle: 'monthly' | 'yearly';
    status: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  },
): Promise<string | undefined> {
  const [row] = await db.query<{ customer_id: string }>(
    `UPDATE subscriptions SET plan_id = $2, billing_cycle = $3, status = $4,
       current_period_end = $5, cancel_at_period_end = $6, updated_at = now(),
       paid_through = CASE WHEN $4 = 'active' THEN GREATEST(paid_through, $5::timestamptz)
         ELSE paid_through END
     WHERE provider_subscription_id = $1 RETURNING customer_id`,
    [
      providerSubscriptionId,
      state.plan_id,
      state.billing_cycle,
      state.status,
      state.current_period_end,
      state.cancel_at_period_end,
    ],
  );
  return row?.customer_id;
}

/** The subscription a provider subscription backs, locked until the transaction ends. */
export async function subscriptionOfProvider(
  db: Database,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    `SELECT ${columns} WHERE s.provider_subscription_id = $1 FOR UPDATE OF s`,
    [providerSubscriptionId],
  );
  return row;
}

/** Trials still running at `now` that end by `before`, not reminded yet, with their account. */
export async function trialsToRemind(
  db: Database,
  window: { now: Date; before: Date; limit: number },
): Promise<{ id: string; email: string; trial_end: Date }[]> {
  return db.query(
    `SELECT s.id, c.email, s.trial_end
     FROM subscriptions s JOIN customers c ON c.id = s.customer_id
     WHERE s.status = 'trialing' AND s.trial_reminder_sent_at IS NULL
       AND s.trial_end > $1 AND s.trial_end <= $2
     ORDER BY s.trial_end, s.id LIMIT $3
     FOR UPDATE OF s SKIP LOCKED`,
    [window.now, window.before, window.limit],
  );
}

/** Moves a trial's end (its period's end with it): the sandbox's trial clock. */
export async function setTrialEnd(db: Database, id: string, trialEnd: Date): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET trial_end = $2, current_period_end = $2, updated_at = now()
     WHERE id = $1 AND status = 'trialing'`,
    [id, trialEnd],
  );
}

export async function markTrialReminded(db: Database, id: string, at: Date): Promise<void> {
  await db.query('UPDATE subscriptions SET trial_reminder_sent_at = $2 WHERE id = $1', [id, at]);
}

/**
 * A paid checkout becomes the account's subscription: its one row (UNIQUE customer_id) takes the
 * paid plan, replacing a trial, an ended subscription or (a visitor's payment attached by an
 * account already subscribed) a running one, which the caller records to cancel at the provider
 * (`recordReplacedSubscription`), or is created. Active, with the provider's ids and period end;
 * no trial, no pending cancellation.
 */
export async function applyPaidSubscription(
  db: Database,
  paid: {
    customer_id: string;
    plan_id: string;
    billing_cycle: 'monthly' | 'yearly';
    provider_subscription_id: string | null;
    checkout_session_id: string;
    current_period_end: Date;
  },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status,
       provider_subscription_id, checkout_session_id, current_period_end, paid_through,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $7, $8, $8)
     ON CONFLICT (customer_id) DO UPDATE SET plan_id = EXCLUDED.plan_id,
       billing_cycle = EXCLUDED.billing_cycle, status = 'active',
       provider_subscription_id = EXCLUDED.provider_subscription_id,
       checkout_session_id = EXCLUDED.checkout_session_id,
       current_period_end = EXCLUDED.current_period_end, trial_end = NULL,
       paid_through = GREATEST(subscriptions.paid_through, EXCLUDED.paid_through),
       cancel_at_period_end = false, updated_at = EXCLUDED.updated_at`,
    [
      newId(),
      paid.customer_id,
      paid.plan_id,
      paid.billing_cycle,
      paid.provider_subscription_id,
      paid.checkout_session_id,
      paid.current_period_end,
      now,
    ],
  );
}

/**
 * A running provider subscription replaced by another paid checkout (its row now holds the new
 * one): recorded in the attach's write, so its cancellation at the provider, made after the
 * commit, is owed until `markReplacedCancelled`. Recorded once per provider subscription.
 */
export async function recordReplacedSubscription(
  db: Database,
  replaced: {
    provider_subscription_id: string;
    customer_id: string;
    replaced_by: string;
    replaced_at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO replaced_subscriptions (provider_subscription_id, customer_id, replaced_by,
       replaced_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [
      replaced.provider_subscription_id,
      replaced.customer_id,
      replaced.replaced_by,
      replaced.replaced_at,
    ],
  );
}

/**
 * Replaced provider subscriptions whose cancellation the provider has not confirmed, oldest
 * first: one account's, or (a sweep) every account's, deleted ones' too.
 */
export async function pendingReplacedSubscriptions(
  db: Database,
  filter: { customerId: string } | { limit: number },
): Promise<{ provider_subscription_id: string; customer_id: string | null }[]> {
  return 'customerId' in filter
    ? db.query(
        `SELECT provider_subscription_id, customer_id FROM replaced_subscriptions
         WHERE customer_id = $1 AND cancelled_at IS NULL ORDER BY replaced_at`,
        [filter.customerId],
      )
    : db.query(
        `SELECT provider_subscription_id, customer_id FROM replaced_subscriptions
         WHERE cancelled_at IS NULL ORDER BY replaced_at LIMIT $1`,
        [filter.limit],
      );
}

export async function markReplacedCancelled(
  db: Database,
  providerSubscriptionId: string,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE replaced_subscriptions SET cancelled_at = $2
     WHERE provider_subscription_id = $1 AND cancelled_at IS NULL`,
    [providerSubscriptionId, at],
  );
}

/**
 * The journal's once-keys of the ends the clock brings (`journal-events.ts` records them), by
 * prefix: the trial's row id, the paid subscription's provider id (else its row id).
 */
export const endKeys = { trial: 'trial_ended:', subscription: 'subscription_ended:' } as const;

/** Trials past their end at `now` whose end is not journaled yet. */
export async function trialsEnded(
  db: Database,
  now: Date,
): Promise<(SubscriptionRow & { trial_end: Date })[]> {
  return db.query<SubscriptionRow & { trial_end: Date }>(
    `SELECT ${columns} WHERE s.status = 'trialing' AND s.trial_end <= $1
       AND NOT EXISTS (SELECT 1 FROM journal j WHERE j.once_key = $2 || s.id)
     ORDER BY s.trial_end, s.id`,
    [now, endKeys.trial],
  );
}

/** Paid subscriptions whose cancellation's period ran out by `now`, their end not journaled yet. */
export async function lapsedSubscriptions(db: Database, now: Date): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `SELECT ${columns} WHERE s.status IN ('active', 'past_due') AND s.cancel_at_period_end
       AND s.current_period_end <= $1
       AND NOT EXISTS (SELECT 1 FROM journal j
         WHERE j.once_key = $2 || COALESCE(s.provider_subscription_id, s.id))
     ORDER BY s.current_period_end, s.id`,
    [now, endKeys.subscription],
  );
}
