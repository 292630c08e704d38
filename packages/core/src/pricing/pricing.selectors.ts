import type { SnapshotFrom } from 'xstate';
import { toDisplayedPlan, type BillingCycle, type DisplayedPlan } from '../domain/plans.ts';
import type { pricingMachine } from './pricing.machine.ts';

type Snapshot = SnapshotFrom<typeof pricingMachine>;

export const selectBillingCycle = (snapshot: Snapshot) => snapshot.context.billingCycle;

export const selectIsLoadingPlans = (snapshot: Snapshot) => snapshot.matches('loading');

// One list per plans array and cycle, so a view re-renders only when the cards change.
const displayed = new WeakMap<object, Partial<Record<BillingCycle, DisplayedPlan[]>>>();

/** The plan cards for the chosen billing cycle (the same array until plans or cycle change). */
export function selectDisplayedPlans(snapshot: Snapshot): DisplayedPlan[] {
  return displayedPlans(snapshot, snapshot.context.billingCycle);
}

/**
 * The plan cards for the cycle not chosen: the landing's HTML carries their prices too, which its
 * billing switch shows through CSS before the app runs (docs/performance.md, 'Taps before the
 * app').
 */
export function selectOtherCyclePlans(snapshot: Snapshot): DisplayedPlan[] {
  return displayedPlans(
    snapshot,
    snapshot.context.billingCycle === 'yearly' ? 'monthly' : 'yearly',
  );
}

function displayedPlans(snapshot: Snapshot, billingCycle: BillingCycle): DisplayedPlan[] {
  const { plans } = snapshot.context;
  const byCycle = displayed.get(plans) ?? {};
  const cards = byCycle[billingCycle] ?? plans.map((plan) => toDisplayedPlan(plan, billingCycle));
  byCycle[billingCycle] = cards;
  displayed.set(plans, byCycle);
  return cards;
}

/** The preselected plan's id when one of the plans shown has it (an old or unknown id selects none). */
export function selectPreselectedPlanId(snapshot: Snapshot): string | null {
  const { plans, preselectedPlanId } = snapshot.context;
  if (preselectedPlanId === null) return null;
  return plans.some((plan) => (plan.id ?? plan._id) === preselectedPlanId)
    ? preselectedPlanId
    : null;
}
