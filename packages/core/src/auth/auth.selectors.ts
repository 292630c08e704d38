import type { SnapshotFrom } from 'xstate';
import { initialsOf } from '../domain/initials.ts';
import { messages } from '../domain/messages.ts';
import type { authMachine } from './auth.machine.ts';
import type { AuthUser } from './auth.types.ts';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/**
 * docs/product.md#session-and-authentication: a stored token counts as authenticated while the
 * customer is being fetched.
 */
export const selectIsAuthenticated = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('authenticated');

export const selectUser = (snapshot: AuthSnapshot): AuthUser | null => snapshot.context.user;

export const selectInitials = (snapshot: AuthSnapshot): string => {
  const { user } = snapshot.context;
  return initialsOf(user && { firstName: user.first_name, lastName: user.last_name });
};

export const selectIsLoadingUser = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ authenticated: 'loadingUser' });

/**
 * docs/product.md#dashboard-sidebar: the sidebar's user block: the first name ('Utilisateur'
 * without one), its initial, the email.
 */
export interface UserIdentity {
  initial: string;
  firstName: string;
  email: string | null;
}

export const selectUserIdentity = (snapshot: AuthSnapshot): UserIdentity => {
  const { user } = snapshot.context;
  const firstName = user?.first_name || messages.shell.defaultFirstName;
  return { initial: initialsOf({ firstName }), firstName, email: user?.email || null };
};

/** The customer's id at the payment provider (its customer portal); null for an administrator. */
export const selectStripeCustomerId = (snapshot: AuthSnapshot): string | null => {
  const { user } = snapshot.context;
  return user !== null && 'stripe_customer_id' in user ? (user.stripe_customer_id ?? null) : null;
};

/**
 * Signed in, but the customer could not be loaded (server error, no answer): the message to show
 * with a retry ('auth.retryUser'); null otherwise. The machine also retries by itself.
 */
export const selectUserLoadError = (snapshot: AuthSnapshot): string | null =>
  snapshot.matches({ authenticated: 'userUnavailable' }) ? messages.auth.fetchUserError : null;
