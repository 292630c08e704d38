import { effectiveStatus, givesAccess, type components } from '@portal/core/domain';
import type { Database } from '../db/database.ts';
import { countActiveLicences } from '../licences/licences.repo.ts';
import { subscriptionOf, type SubscriptionRow } from './subscriptions.repo.ts';

export type CurrentSubscription = components['schemas']['CurrentSubscription'];

/** The answer for a row read in `db` (inside a write's transaction, after it). */
export async function currentOf(
  db: Database,
  customerId: string,
  subscription: SubscriptionRow | undefined,
  now: Date,
): Promise<CurrentSubscription> {
  const used = await countActiveLicences(db, customerId);
  const status = subscription === undefined ? undefined : effectiveStatus(subscription, now);
  const access = givesAccess(status);
  const limit = access && subscription !== undefined ? subscription.max_licenses : 0;
  return {
    hasSubscription: access,
    subscription:
      subscription === undefined || status === undefined
        ? null
        : {
            name: subscription.plan_name,
            price:
              (subscription.billing_cycle === 'yearly'
                ? subscription.yearly_price_cents
                : subscription.monthly_price_cents) / 100,
            plan_id: subscription.plan_id,
            billingCycle: subscription.billing_cycle,
            status,
            current_period_end: subscription.current_period_end?.toISOString() ?? null,
            trial_end: subscription.trial_end?.toISOString() ?? null,
            cancel_at_period_end: subscription.cancel_at_period_end && status !== 'canceled',
          },
    usage: {
      licensesUsed: used,
      licensesLimit: limit,
      licensesRemaining: Math.max(0, limit - used),
    },
  };
}

/**
 * `GET /api/client/subscription/current`: the plan, its price for the cycle, the status the
 * clock gives it, and the usage (active licences against the plan's limit while it gives access).
 */
export async function currentSubscription(
  db: Database,
  customerId: string,
  now: Date,
): Promise<CurrentSubscription> {
  return currentOf(db, customerId, await subscriptionOf(db, customerId), now);
}
