import type { components } from '../api/schema.gen.ts';
import type { BillingCycle } from './plans.ts';
import { isPaid } from './subscription-status.ts';

/**
 * Recurring revenue (docs/product.md#back-office), the one owner of how the back office counts
 * money: the server's indicators, the journal's money events and a customer's figures all ask
 * here. Amounts are integer euro cents, as the providers count them.
 */

/**
 * What one price of a cycle brings per month: a monthly price as it is, a yearly one its twelfth
 * rounded half up to the cent (20 389 → 1 699), once per subscription, so a total is the sum of
 * the figures its lines show.
 */
export function monthlyRecurringCents(cycle: BillingCycle, priceCents: number): number {
  return cycle === 'monthly' ? priceCents : Math.round(priceCents / 12);
}

/** What a subscription brings per month: its price while paid and running (`active`, `past_due`), else 0. */
export function subscriptionMrrCents(subscription: {
  /** The status its clock gives it (`effectiveStatus`). */
  status: string;
  billing_cycle: BillingCycle;
  monthly_price_cents: number;
  yearly_price_cents: number;
}): number {
  if (!isPaid(subscription.status)) return 0;
  const price =
    subscription.billing_cycle === 'monthly'
      ? subscription.monthly_price_cents
      : subscription.yearly_price_cents;
  return monthlyRecurringCents(subscription.billing_cycle, price);
}

export type MrrMovements = components['schemas']['MrrMovements'];

/**
 * The movements of a list of changes of one customer's MRR each (before → after): from nothing
 * is new, to nothing churn, up expansion, down contraction; each a positive amount, and the net
 * their balance.
 */
export function mrrMovementsOf(
  changes: readonly { before: number; after: number }[],
): MrrMovements {
  const movements = { new_cents: 0, expansion_cents: 0, contraction_cents: 0, churn_cents: 0 };
  for (const { before, after } of changes) {
    if (before === after) continue;
    if (before === 0) movements.new_cents += after;
    else if (after === 0) movements.churn_cents += before;
    else if (after > before) movements.expansion_cents += after - before;
    else movements.contraction_cents += before - after;
  }
  return {
    ...movements,
    net_cents:
      movements.new_cents +
      movements.expansion_cents -
      movements.contraction_cents -
      movements.churn_cents,
  };
}
