import type { SnapshotFrom } from 'xstate';
import {
  subscriptionStatusBadgeOf,
  type SubscriptionStatusBadge,
} from '../subscription/subscription.rules.ts';
import type { profileMachine } from './profile.machine.ts';

export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

export const selectProfileUser = (snapshot: ProfileSnapshot) => snapshot.context.user;
export const selectProfileSubscription = (snapshot: ProfileSnapshot) =>
  snapshot.context.subscription;
export const selectIsProfileLoading = (snapshot: ProfileSnapshot): boolean =>
  snapshot.matches('loading');
export const selectProfileLoadError = (snapshot: ProfileSnapshot): string | null =>
  snapshot.context.loadError;
export const selectIsEditingProfile = (snapshot: ProfileSnapshot): boolean =>
  snapshot.matches('editing') || snapshot.matches('saving');
export const selectIsSavingProfile = (snapshot: ProfileSnapshot): boolean =>
  snapshot.matches('saving');
export const selectProfileForm = (snapshot: ProfileSnapshot) => snapshot.context.form;
export const selectProfileFieldErrors = (snapshot: ProfileSnapshot) => snapshot.context.fieldErrors;
export const selectProfileSaveError = (snapshot: ProfileSnapshot): string | null =>
  snapshot.context.saveError;

/** Spec 4: 'Actif' when hasSubscription, otherwise 'Inactif' with 'Aucun abonnement'. */
export const selectSubscriptionStatusBadge = (snapshot: ProfileSnapshot): SubscriptionStatusBadge =>
  subscriptionStatusBadgeOf(snapshot.context.subscription);
