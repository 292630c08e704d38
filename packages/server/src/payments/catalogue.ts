import type { Database } from '../db/database.ts';
import type { BillingCycle, CatalogueEntry } from './provider.ts';

/** The price interval of each billing cycle: one mapping, used in both directions. */
export const intervalOf: Record<BillingCycle, 'month' | 'year'> = {
  monthly: 'month',
  yearly: 'year',
};

export function billingCycleOf(interval: 'month' | 'year'): BillingCycle {
  return interval === 'month' ? 'monthly' : 'yearly';
}

interface Row {
  plan_id: string;
  plan_name: string;
  price_id: string;
  unit_amount: number;
  interval: 'month' | 'year';
}

const select = `SELECT p.id AS plan_id, p.name AS plan_name, pr.id AS price_id, pr.unit_amount, pr.interval
  FROM prices pr JOIN plans p ON p.id = pr.plan_id WHERE p.active`;

function entryOf(row: Row): CatalogueEntry {
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
  const [row] = await db.query<Row>(`${select} AND p.id = $1 AND pr.interval = $2`, [
    planId,
    intervalOf[billingCycle],
  ]);
  return row === undefined ? null : entryOf(row);
}

export async function findPrice(db: Database, priceId: string): Promise<CatalogueEntry | null> {
  const [row] = await db.query<Row>(`${select} AND pr.id = $1`, [priceId]);
  return row === undefined ? null : entryOf(row);
}

export async function listCatalogue(db: Database): Promise<CatalogueEntry[]> {
  const rows = await db.query<Row>(`${select} ORDER BY p.sort_order, pr.interval`);
  return rows.map(entryOf);
}
