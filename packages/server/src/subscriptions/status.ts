import { effectiveStatus, isPaid, type SubscriptionStatus } from '@portal/core/domain';
import type { SubscriptionRow } from './subscriptions.repo.ts';

/**
 * A stored row judged by the one owner of a subscription's status, `@portal/core/domain`
 * (`effectiveStatus`, `givesAccess`, `isPaid`): undefined without a subscription.
 */
export function statusOf(
  row: SubscriptionRow | undefined,
  now: Date,
): SubscriptionStatus | undefined {
  return row === undefined ? undefined : effectiveStatus(row, now);
}

/** A paid subscription still running (a plan change applies to it; a new checkout does not). */
export function isPaidAndRunning(row: SubscriptionRow | undefined, now: Date): boolean {
  return row?.provider_subscription_id != null && isPaid(statusOf(row, now));
}
