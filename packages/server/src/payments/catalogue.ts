import type { BillingCycle } from './provider.ts';

/** The price interval of each billing cycle: one mapping, used in both directions. */
export const intervalOf: Record<BillingCycle, 'month' | 'year'> = {
  monthly: 'month',
  yearly: 'year',
};

export function billingCycleOf(interval: 'month' | 'year'): BillingCycle {
  return interval === 'month' ? 'monthly' : 'yearly';
}
