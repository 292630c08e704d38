import { builtInPlans } from '@portal/core/domain';
import { insertPlanIfMissing, insertPriceIfMissing } from '../plans/plans.repo.ts';
import type { Database } from './database.ts';

/** Euros as stored: integer cents. */
function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/**
 * Inserts core's built-in plans (docs/product.md#data-the-product-handles, the landing page's
 * fallback) and their prices when missing (safe to run at every start).
 */
export async function seedPlans(db: Database): Promise<void> {
  for (const [index, plan] of builtInPlans.entries()) {
    await insertPlanIfMissing(db, {
      id: plan._id,
      name: plan.name,
      description: plan.description,
      features: plan.features,
      max_licenses: plan.max_licenses,
      popular: plan.popular,
      monthly_price_cents: toCents(plan.monthlyPrice),
      yearly_price_cents: toCents(plan.yearlyPrice),
      sort_order: index,
    });
    for (const [interval, cycle, cents] of [
      ['month', 'monthly', toCents(plan.monthlyPrice)],
      ['year', 'yearly', toCents(plan.yearlyPrice)],
    ] as const) {
      await insertPriceIfMissing(db, {
        id: `price_${plan._id}_${cycle}`,
        plan_id: plan._id,
        interval,
        unit_amount: cents,
      });
    }
  }
}
