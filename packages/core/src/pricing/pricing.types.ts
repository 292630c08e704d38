import type { BillingCycle, Plan } from '../domain/plans.ts';

/** The choice the address carries (see `planChoiceFromQuery`), e.g. back from a cancelled payment. */
export interface PricingInput {
  billingCycle?: BillingCycle | null;
  planId?: string | null;
}

export interface PricingContext {
  billingCycle: BillingCycle;
  /** The built-in plans until the API answers with usable ones. */
  plans: readonly Plan[];
  /** The plan the visitor had chosen before (from the address), shown as the one to pick. */
  preselectedPlanId: string | null;
}

export type PricingEvent =
  { type: 'pricing.setCycle'; billingCycle: BillingCycle } | { type: 'pricing.toggleCycle' };
