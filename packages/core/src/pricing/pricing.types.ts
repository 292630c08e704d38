import type { BillingCycle, Plan } from '../domain/plans.ts';

export interface PricingContext {
  billingCycle: BillingCycle;
  /** The built-in plans until the API answers with usable ones. */
  plans: readonly Plan[];
}

export type PricingEvent =
  { type: 'pricing.setCycle'; billingCycle: BillingCycle } | { type: 'pricing.toggleCycle' };
