import type { AuthUser } from '../auth/auth.types.ts';
import type { ProfileField, ProfileValues } from '../domain/validation/profile.ts';
import type { CurrentSubscription } from '../subscription/subscription.types.ts';

export interface ProfileOverview {
  user: AuthUser;
  subscription: CurrentSubscription;
}

export interface ProfileContext {
  user: AuthUser | null;
  subscription: CurrentSubscription | null;
  loadError: string | null;
  /** The edit form as typed; trimmed and emptied fields dropped only in the payload. */
  form: ProfileValues;
  fieldErrors: Partial<Record<ProfileField, string>>;
  saveError: string | null;
}

export type ProfileEvent =
  | { type: 'profile.reload' }
  | { type: 'profile.edit' }
  | { type: 'profile.change'; field: ProfileField; value: string }
  | { type: 'profile.save' }
  | { type: 'profile.cancel' };

export type ProfileUpdate = Partial<ProfileValues>;
