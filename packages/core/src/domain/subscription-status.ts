import type { components } from '../api/schema.gen.ts';
import { messages } from './messages.ts';

/**
 * One owner for a subscription's status (docs/product.md, 'Subscription lifecycle'): the server
 * judges a stored row with `effectiveStatus`, the dashboard reads the status the server sent,
 * and both ask `givesAccess` and `isPaid` here, as do the sandbox provider and the licence
 * verification.
 */

/** The status the server computes: `trialing`, `active`, `past_due`, `canceled`, `trial_ended`. */
export type SubscriptionStatus = NonNullable<
  NonNullable<components['schemas']['CurrentSubscription']['subscription']>['status']
>;

/** As a row stores it; the clock's statuses (a trial's end, a lapsed cancellation) are derived. */
export type StoredSubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

/** A customer's subscription as a screen shows it: its status, or 'none' without one. */
export type SubscriptionState = SubscriptionStatus | 'none';

/**
 * docs/product.md#subscription-tab: the status the server computed for the current
 * subscription. Without a status (a server before the lifecycle) `hasSubscription` says active
 * or none, as the profile's badge always did.
 */
export function subscriptionStateOf(
  current: components['schemas']['CurrentSubscription'] | null,
): SubscriptionState {
  const legacy = current?.hasSubscription === true ? 'active' : 'none';
  return current?.subscription?.status ?? legacy;
}

/** What the clock needs of a stored subscription to judge it. */
export interface SubscriptionClock {
  status: string;
  trial_end: Date | null;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
}

/**
 * The status the clock gives a stored subscription: a trial past its end is `trial_ended`, a
 * cancellation past its period end is `canceled`, whether or not a provider event or a sweep
 * has written it yet.
 */
export function effectiveStatus(row: SubscriptionClock, now: Date): SubscriptionStatus {
  if (row.status === 'trialing') {
    return row.trial_end !== null && row.trial_end <= now ? 'trial_ended' : 'trialing';
  }
  if (row.status === 'active' || row.status === 'past_due') {
    const lapsed =
      row.cancel_at_period_end && row.current_period_end !== null && row.current_period_end <= now;
    return lapsed ? 'canceled' : row.status;
  }
  return 'canceled';
}

/**
 * When the clock alone will next change a subscription's status (a trial's end, a
 * cancellation's period end), else null: what is kept about its access is kept until then.
 */
export function statusChangesAt(row: SubscriptionClock | undefined): Date | null {
  if (row === undefined) return null;
  if (row.status === 'trialing') return row.trial_end;
  if (row.cancel_at_period_end && isPaid(row.status)) return row.current_period_end;
  return null;
}

/** Licences, their creation and the theme download: only a trial, active or past-due gives access. */
export function givesAccess(state: string | undefined): boolean {
  return state === 'trialing' || state === 'active' || state === 'past_due';
}

/**
 * A paid subscription still running (stored or judged): its plan is changed in place and its
 * card updated at the provider; every other state subscribes through the checkout.
 */
export function isPaid(state: string | undefined): boolean {
  return state === 'active' || state === 'past_due';
}

/** Why a customer without access is refused, in the words the dashboard also shows. */
export function accessRefusal(state: SubscriptionState | undefined): string {
  return state === 'trial_ended'
    ? messages.subscriptionRules.trialEnded
    : messages.subscriptionRules.subscriptionEnded;
}
