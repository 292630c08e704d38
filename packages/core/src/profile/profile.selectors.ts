import type { SnapshotFrom } from 'xstate';
import type { ProfileField } from '../domain/validation/profile.ts';
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

/** The profile's fields, in the order the view and the edit form show them. */
export const profileFields: readonly ProfileField[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company_name',
  'shop_domain',
];

/**
 * The view mode's values, field by field: the user's text, or null where there is none (an empty
 * or missing value, an administrator's absent shop fields). Null before the profile is loaded.
 */
export const selectProfileDetails = (
  snapshot: ProfileSnapshot,
): Record<ProfileField, string | null> | null => {
  const { user } = snapshot.context;
  if (user === null) return null;
  const values = user as Partial<Record<ProfileField, unknown>>;
  const details = {} as Record<ProfileField, string | null>;
  for (const field of profileFields) {
    const value = values[field];
    details[field] = typeof value === 'string' && value !== '' ? value : null;
  }
  return details;
};
