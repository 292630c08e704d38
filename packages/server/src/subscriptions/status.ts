import { messages, type components } from '@portal/core/domain';
import type { SubscriptionRow } from './subscriptions.repo.ts';

export type SubscriptionStatus = NonNullable<
  NonNullable<components['schemas']['CurrentSubscription']['subscription']>['status']
>;

/**
 * The status the clock gives a stored row (docs/product.md, 'Subscription lifecycle'): a trial
 * past its end is `trial_ended`, a cancellation past its period end is `canceled`, whether or
 * not a provider event or a sweep has written it yet.
 */
export function effectiveStatus(
  row: Pick<
    SubscriptionRow,
    'status' | 'trial_end' | 'cancel_at_period_end' | 'current_period_end'
  >,
  now: Date,
): SubscriptionStatus {
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

/** Licences, their creation and the theme download: only these statuses give access. */
export function givesAccess(status: SubscriptionStatus | undefined): boolean {
  return status === 'trialing' || status === 'active' || status === 'past_due';
}

/** The row and its status now, or undefined without a subscription. */
export function statusOf(
  row: SubscriptionRow | undefined,
  now: Date,
): SubscriptionStatus | undefined {
  return row === undefined ? undefined : effectiveStatus(row, now);
}

/** Why a customer without access is refused (403), in the words the client shows. */
export function accessRefusal(status: SubscriptionStatus | undefined): string {
  return status === 'trial_ended'
    ? messages.subscriptionRules.trialEnded
    : messages.subscriptionRules.subscriptionEnded;
}

/** A paid subscription still running (a plan change applies to it; a new checkout does not). */
export function isPaidAndRunning(row: SubscriptionRow | undefined, now: Date): boolean {
  if (row === undefined || row.provider_subscription_id === null) return false;
  const status = effectiveStatus(row, now);
  return status === 'active' || status === 'past_due';
}

/**
 * When the clock alone will next change this row's status (a trial's end, a cancellation's
 * period end), else null: what is kept about its access is kept until then.
 */
export function statusChangesAt(row: SubscriptionRow | undefined): Date | null {
  if (row === undefined) return null;
  if (row.status === 'trialing') return row.trial_end;
  if (row.cancel_at_period_end && (row.status === 'active' || row.status === 'past_due')) {
    return row.current_period_end;
  }
  return null;
}
