import type { components } from '@portal/core/domain';
import type { Database } from '../db/database.ts';

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

/** Statuses that give access to licences and the theme download. */
export const activeStatuses: readonly string[] = ['active', 'trialing'];

export function isActive(
  subscription: SubscriptionRow | undefined,
): subscription is SubscriptionRow {
  return subscription !== undefined && activeStatuses.includes(subscription.status);
}

const select = `SELECT s.id, s.plan_id, p.name AS plan_name, s.billing_cycle, s.status,
    s.current_period_end, p.max_licenses, p.monthly_price_cents, p.yearly_price_cents
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id
  WHERE s.customer_id = $1`;

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

export async function licencesUsed(db: Database, customerId: string): Promise<number> {
  const [row] = await db.query<{ used: number }>(
    'SELECT count(*)::int AS used FROM licences WHERE customer_id = $1',
    [customerId],
  );
  return row?.used ?? 0;
}

/** `GET /api/client/subscription/current`: the plan, its price for the cycle, licence usage. */
export async function currentSubscription(
  db: Database,
  customerId: string,
): Promise<components['schemas']['CurrentSubscription']> {
  const subscription = await subscriptionOf(db, customerId);
  const used = await licencesUsed(db, customerId);
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
