import type { components } from '../api/schema.gen.ts';

export type Customer = components['schemas']['Customer'];
export type Admin = components['schemas']['Admin'];
/** Login and profile answer either a customer or an admin. */
export type AuthUser = Customer | Admin;

export interface Credentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface LoginResult {
  user: AuthUser;
  tokens: components['schemas']['Tokens'];
}

export interface AuthContext {
  user: AuthUser | null;
  /** Failed start-up fetches of the customer in a row (each one doubles the next retry's delay). */
  userLoadFailures: number;
}

export type AuthEvent =
  /** The login flow opened a session. */
  | ({ type: 'auth.loggedIn' } & LoginResult)
  | { type: 'auth.logout' }
  /** The HTTP client could not renew the session. */
  | { type: 'session.expired' }
  /** The tokens disappeared in another tab (its logout or expiry): end this tab's session too. */
  | { type: 'session.ended' }
  /** The stored tokens changed (this tab or another): ends the session when they are gone. */
  | { type: 'session.tokensChanged' }
  /**
   * Another flow (onboarding) has stored a new session's tokens: enter it without a page load.
   * Without `user` the customer is fetched with those tokens.
   */
  | { type: 'auth.sessionStarted'; user?: AuthUser }
  /** Try the customer fetch again now (the retry of the 'not loaded' message). */
  | { type: 'auth.retryUser' }
  /** The profile screen saved new details: keep the shell's name and initials in step. */
  | { type: 'user.updated'; user: AuthUser };
