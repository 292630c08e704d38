import { initialsOf } from '../domain/initials.ts';
import { messages } from '../domain/messages.ts';
import type { AuthSnapshot } from './auth.selectors.ts';

// Who is signed in, as the application's screens show it: a file apart from the session's
// selectors, which the app's first script carries for every page (docs/performance.md).

export const selectInitials = (snapshot: AuthSnapshot): string => {
  const { user } = snapshot.context;
  return initialsOf(user && { firstName: user.first_name, lastName: user.last_name });
};

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
