import type { SnapshotFrom } from 'xstate';
import { initialsOf } from '../domain/initials.ts';
import type { authMachine } from './auth.machine.ts';
import type { AuthUser } from './auth.types.ts';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Spec 4: a stored token counts as authenticated while the customer is being fetched. */
export const selectIsAuthenticated = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('authenticated');

export const selectUser = (snapshot: AuthSnapshot): AuthUser | null => snapshot.context.user;

export const selectInitials = (snapshot: AuthSnapshot): string => {
  const { user } = snapshot.context;
  return initialsOf(user && { firstName: user.first_name, lastName: user.last_name });
};

export const selectIsLoadingUser = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ authenticated: 'loadingUser' });
