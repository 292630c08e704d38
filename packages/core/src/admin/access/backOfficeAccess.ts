import { isAdmin } from '../../auth/auth.machine.ts';
import {
  selectIsAuthenticated,
  selectIsLoadingUser,
  selectUserLoadError,
  type AuthSnapshot,
} from '../../auth/auth.selectors.ts';

/**
 * Who may stay in the back office (docs/product.md#back-office): only a signed-in admin. A
 * visitor goes to the login page, a customer to their dashboard, both with a full page load: the
 * back office is a document of its own (docs/decisions.md, 'The back office's own build').
 */
export type BackOfficeAccess =
  /** The stored session's account is still being fetched: nothing is decided yet. */
  | { status: 'checking' }
  | { status: 'granted' }
  /** The session stands but its account could not be fetched; the auth machine retries. */
  | { status: 'unavailable'; message: string }
  | { status: 'refused'; leaveFor: '/login' | '/dashboard' };

export function backOfficeAccess(snapshot: AuthSnapshot): BackOfficeAccess {
  if (selectIsLoadingUser(snapshot)) return { status: 'checking' };
  if (!selectIsAuthenticated(snapshot)) return { status: 'refused', leaveFor: '/login' };
  const loadError = selectUserLoadError(snapshot);
  if (loadError !== null) return { status: 'unavailable', message: loadError };
  // Logging out: the auth machine sends the admin to the login page itself.
  if (snapshot.matches({ authenticated: 'loggingOut' })) return { status: 'checking' };
  return isAdmin(snapshot.context.user)
    ? { status: 'granted' }
    : { status: 'refused', leaveFor: '/dashboard' };
}
