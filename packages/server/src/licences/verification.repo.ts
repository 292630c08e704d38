import type { Database } from '../db/database.ts';

/**
 * A shop's licence as the verification reads it: the licence, and its customer's subscription
 * (null fields without one) with its plan's name. Read only; `licences.repo.ts` writes.
 */
export interface ShopLicenceRow {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  status: string;
  suspended_at: Date | null;
  subscription_status: string | null;
  trial_end: Date | null;
  cancel_at_period_end: boolean | null;
  current_period_end: Date | null;
  plan_name: string | null;
}

/** Every licence of a shop (`licences_shop_domain_idx`), oldest first. */
export async function licencesOfShop(db: Database, shop: string): Promise<ShopLicenceRow[]> {
  return db.query<ShopLicenceRow>(
    `SELECT l.id, l.customer_id, l.custom_domain, l.shop_domain, l.status, l.suspended_at,
       s.status AS subscription_status, s.trial_end, s.cancel_at_period_end,
       s.current_period_end, p.name AS plan_name
     FROM licences l
       LEFT JOIN subscriptions s ON s.customer_id = l.customer_id
       LEFT JOIN plans p ON p.id = s.plan_id
     WHERE l.shop_domain = $1
     ORDER BY l.created_at, l.id`,
    [shop],
  );
}
