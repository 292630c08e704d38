import type { SnapshotFrom } from 'xstate';
import { messages } from '../domain/messages.ts';
import { isAdmin, type authMachine } from './auth.machine.ts';
import type { AuthUser } from './auth.types.ts';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/**
 * docs/product.md#session-and-authentication: a stored token counts as authenticated while the
 * customer is being fetched.
 */
export const selectIsAuthenticated = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('authenticated');

export const selectUser = (snapshot: AuthSnapshot): AuthUser | null => snapshot.context.user;

export const selectIsLoadingUser = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ authenticated: 'loadingUser' });

/**
 * Signed in, but the customer could not be loaded (server error, no answer): the message to show
 * with a retry ('auth.retryUser'); null otherwise. The machine also retries by itself.
 */
export const selectUserLoadError = (snapshot: AuthSnapshot): string | null =>
  snapshot.matches({ authenticated: 'userUnavailable' }) ? messages.auth.fetchUserError : null;

/** The signed-in account is an admin's: the merchant app sends it to the back office. */
export const selectIsAdmin = (snapshot: AuthSnapshot): boolean => isAdmin(snapshot.context.user);
