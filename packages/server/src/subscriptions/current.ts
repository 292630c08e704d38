import type { components } from '@portal/core/domain';
import type { Database } from '../db/database.ts';
import { countLicences } from '../licences/licences.repo.ts';
import { subscriptionOf, type SubscriptionRow } from './subscriptions.repo.ts';

/** Statuses that give access to licences and the theme download. */
export const activeStatuses: readonly string[] = ['active', 'trialing'];

export function isActive(
  subscription: SubscriptionRow | undefined,
): subscription is SubscriptionRow {
  return subscription !== undefined && activeStatuses.includes(subscription.status);
}

/** `GET /api/client/subscription/current`: the plan, its price for the cycle, licence usage. */
export async function currentSubscription(
  db: Database,
  customerId: string,
): Promise<components['schemas']['CurrentSubscription']> {
  const subscription = await subscriptionOf(db, customerId);
  const used = await countLicences(db, customerId);
  const active = isActive(subscription);
  const limit = active ? subscription.max_licenses : 0;
  return {
    hasSubscription: active,
    subscription:
      subscription === undefined
        ? null
        : {
            name: subscription.plan_name,
            price:
              (subscription.billing_cycle === 'yearly'
                ? subscription.yearly_price_cents
                : subscription.monthly_price_cents) / 100,
            plan_id: subscription.plan_id,
            billingCycle: subscription.billing_cycle,
            status: subscription.status,
            current_period_end: subscription.current_period_end?.toISOString() ?? null,
          },
    usage: {
      licensesUsed: used,
      licensesLimit: limit,
      licensesRemaining: Math.max(0, limit - used),
    },
  };
}
