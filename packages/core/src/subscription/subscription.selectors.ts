import type { SnapshotFrom } from 'xstate';
import type { subscriptionMachine } from './subscription.machine.ts';
import {
  currentPlanIdOf,
  subscriptionStatusBadgeOf,
  type PlanIdentity,
  type SubscriptionStatusBadge,
} from './subscription.rules.ts';
import type { CurrentSubscription } from './subscription.types.ts';

export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

export const selectCurrentSubscription = (
  snapshot: SubscriptionSnapshot,
): CurrentSubscription | null => snapshot.context.current;

export const selectIsSubscriptionLoading = (snapshot: SubscriptionSnapshot): boolean =>
  snapshot.matches('loading');

export const selectSubscriptionLoadError = (snapshot: SubscriptionSnapshot): string | null =>
  snapshot.context.loadError;

/** The portal button shows its own spinner until the browser leaves. */
export const selectIsOpeningPortal = (snapshot: SubscriptionSnapshot): boolean =>
  snapshot.matches({ ready: 'openingPortal' }) || snapshot.matches({ ready: 'redirecting' });

export const selectPortalError = (snapshot: SubscriptionSnapshot): string | null =>
  snapshot.context.portalError;

/** The panel's status badge: the profile summary's rule (docs/product.md#profile-tab). */
export const selectSubscriptionBadge = (snapshot: SubscriptionSnapshot): SubscriptionStatusBadge =>
  subscriptionStatusBadgeOf(snapshot.context.current);

/** The id of the plan card marked 'Formule actuelle' among `plans`; null when none is. */
export const selectCurrentPlanId = (
  snapshot: SubscriptionSnapshot,
  plans: readonly PlanIdentity[],
): string | null => currentPlanIdOf(snapshot.context.current, plans);
