import type { Database } from '../db/database.ts';

/** A subscription as the indicators count it: its plan's prices and limit, its active licences. */
export interface SubscriptionFigureRow {
  customer_id: string;
  plan_id: string;
  plan_name: string;
  billing_cycle: 'monthly' | 'yearly';
  status: string;
  trial_end: Date | null;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
  monthly_price_cents: number;
  yearly_price_cents: number;
  max_licenses: number;
  licenses_used: number;
  sort_order: number;
}

/** Every account's subscription (read only), in the plans' order. */
export async function subscriptionFigures(db: Database): Promise<SubscriptionFigureRow[]> {
  return db.query<SubscriptionFigureRow>(
    `SELECT s.customer_id, s.plan_id, p.name AS plan_name, s.billing_cycle, s.status, s.trial_end,
       s.cancel_at_period_end, s.current_period_end, p.monthly_price_cents, p.yearly_price_cents,
       p.max_licenses, p.sort_order,
       (SELECT count(*) FROM licences l WHERE l.customer_id = s.customer_id
          AND l.status = 'active')::int AS licenses_used
     FROM subscriptions s JOIN plans p ON p.id = s.plan_id
     ORDER BY p.sort_order, s.plan_id, s.billing_cycle`,
  );
}
