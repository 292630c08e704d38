import type { BillingCycle } from '../domain/plans.ts';

/** The plan and cycle an address asks for: `?plan=...&billing=...`, each null when absent or unusable. */
export interface PlanChoiceQuery {
  planId: string | null;
  billingCycle: BillingCycle | null;
}

/** Longer than any plan id: anything beyond is not one. */
const maxPlanIdLength = 100;

/**
 * Reads `plan` and `billing` from a query string (`location.search`, with or without its '?').
 * The checkout's cancel address and the payment-cancel retry carry them.
 */
export function planChoiceFromQuery(search: string | URLSearchParams): PlanChoiceQuery {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const planId = query.get('plan')?.trim() ?? '';
  const billing = query.get('billing');
  return {
    planId: planId !== '' && planId.length <= maxPlanIdLength ? planId : null,
    billingCycle: billing === 'monthly' || billing === 'yearly' ? billing : null,
  };
}

/** The landing's pricing section with that choice preselected: `/?plan=...&billing=...#pricing`. */
export function pricingTarget(choice: PlanChoiceQuery): string {
  const query = new URLSearchParams();
  if (choice.planId !== null) query.set('plan', choice.planId);
  if (choice.billingCycle !== null) query.set('billing', choice.billingCycle);
  const search = query.toString();
  return `/${search === '' ? '' : `?${search}`}#pricing`;
}
