import { builtInPlans } from '@portal/core/domain';
import type { Database } from './database.ts';

/** Euros as stored: integer cents. */
function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Inserts core's built-in plans (spec 3, the landing page's fallback) and their prices when missing (safe to run at every start). */
export async function seedPlans(db: Database): Promise<void> {
  for (const [index, plan] of builtInPlans.entries()) {
    await db.query(
      `INSERT INTO plans (id, name, description, active, features, max_licenses, duration_months,
         popular, monthly_price_cents, yearly_price_cents, sort_order)
       VALUES ($1, $2, $3, true, $4, $5, 1, $6, $7, $8, $9)
       ON CONFLICT (id) DO NOTHING`,
      [
        plan._id,
        plan.name,
        plan.description,
        JSON.stringify(plan.features),
        plan.max_licenses,
        plan.popular,
        toCents(plan.monthlyPrice),
        toCents(plan.yearlyPrice),
        index,
      ],
    );
    for (const [interval, cycle, cents] of [
      ['month', 'monthly', toCents(plan.monthlyPrice)],
      ['year', 'yearly', toCents(plan.yearlyPrice)],
    ] as const) {
      await db.query(
        `INSERT INTO prices (id, plan_id, interval, unit_amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO NOTHING`,
        [`price_${plan._id}_${cycle}`, plan._id, interval, cents],
      );
    }
  }
}
