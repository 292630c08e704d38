import type { Database } from '../db/database.ts';
import { intervalOf } from '../payments/catalogue.ts';
import type { BillingCycle, CatalogueEntry } from '../payments/provider.ts';

/** Plans and their prices (tables `plans` and `prices`): rows, reads and the seed's inserts. */
export interface PlanRow {
  id: string;
  name: string;
  description: string;
  active: boolean;
  features: string[];
  max_licenses: number;
  duration_months: number;
  popular: boolean;
  popular_text: string | null;
  stripe_product_id: string | null;
  monthly_price_cents: number;
  yearly_price_cents: number;
  cta_text: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The plans on sale, in the landing page's order. */
export async function listActivePlans(db: Database): Promise<PlanRow[]> {
  return db.query<PlanRow>(
    `SELECT id, name, description, active, features, max_licenses, duration_months, popular,
       popular_text, stripe_product_id, monthly_price_cents, yearly_price_cents, cta_text, note,
       created_at, updated_at
     FROM plans WHERE active ORDER BY sort_order, monthly_price_cents`,
  );
}

interface CatalogueRow {
  plan_id: string;
  plan_name: string;
  price_id: string;
  unit_amount: number;
  interval: 'month' | 'year';
}

const catalogueSelect = `SELECT p.id AS plan_id, p.name AS plan_name, pr.id AS price_id,
    pr.unit_amount, pr.interval
  FROM prices pr JOIN plans p ON p.id = pr.plan_id WHERE p.active`;

function entryOf(row: CatalogueRow): CatalogueEntry {
  return {
    plan: { id: row.plan_id, name: row.plan_name },
    price: { id: row.price_id, unit_amount: row.unit_amount, interval: row.interval },
  };
}

/** The active plan's price for a billing cycle, or null when the plan does not exist. */
export async function findPlanPrice(
  db: Database,
  planId: string,
  billingCycle: BillingCycle,
): Promise<CatalogueEntry | null> {
  const [row] = await db.query<CatalogueRow>(
    `${catalogueSelect} AND p.id = $1 AND pr.interval = $2`,
    [planId, intervalOf[billingCycle]],
  );
  return row === undefined ? null : entryOf(row);
}

export async function findPrice(db: Database, priceId: string): Promise<CatalogueEntry | null> {
  const [row] = await db.query<CatalogueRow>(`${catalogueSelect} AND pr.id = $1`, [priceId]);
  return row === undefined ? null : entryOf(row);
}

export async function listCatalogue(db: Database): Promise<CatalogueEntry[]> {
  const rows = await db.query<CatalogueRow>(
    `${catalogueSelect} ORDER BY p.sort_order, pr.interval`,
  );
  return rows.map(entryOf);
}

export interface SeedPlan {
  id: string;
  name: string;
  description: string;
  features: readonly string[];
  max_licenses: number;
  popular: boolean;
  monthly_price_cents: number;
  yearly_price_cents: number;
  sort_order: number;
}

/** Inserts a plan unless it exists (seeds run at every start). */
export async function insertPlanIfMissing(db: Database, plan: SeedPlan): Promise<void> {
  await db.query(
    `INSERT INTO plans (id, name, description, active, features, max_licenses, duration_months,
       popular, monthly_price_cents, yearly_price_cents, sort_order)
     VALUES ($1, $2, $3, true, $4, $5, 1, $6, $7, $8, $9)
     ON CONFLICT (id) DO NOTHING`,
    [
      plan.id,
      plan.name,
      plan.description,
      JSON.stringify(plan.features),
      plan.max_licenses,
      plan.popular,
      plan.monthly_price_cents,
      plan.yearly_price_cents,
      plan.sort_order,
    ],
  );
}

export async function insertPriceIfMissing(
  db: Database,
  price: { id: string; plan_id: string; interval: 'month' | 'year'; unit_amount: number },
): Promise<void> {
  await db.query(
    `INSERT INTO prices (id, plan_id, interval, unit_amount) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING`,
    [price.id, price.plan_id, price.interval, price.unit_amount],
  );
}
