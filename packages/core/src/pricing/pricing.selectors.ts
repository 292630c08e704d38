import type { SnapshotFrom } from 'xstate';
import { toDisplayedPlan, type DisplayedPlan } from '../domain/plans.ts';
import type { pricingMachine } from './pricing.machine.ts';

type Snapshot = SnapshotFrom<typeof pricingMachine>;

export const selectBillingCycle = (snapshot: Snapshot) => snapshot.context.billingCycle;

export const selectIsLoadingPlans = (snapshot: Snapshot) => snapshot.matches('loading');

/** The plan cards for the chosen billing cycle. */
export const selectDisplayedPlans = (snapshot: Snapshot): DisplayedPlan[] =>
  snapshot.context.plans.map((plan) => toDisplayedPlan(plan, snapshot.context.billingCycle));
