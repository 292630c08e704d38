import { normalizeEmail } from '../accounts/accounts.repo.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  accountLockKey,
  clearLoginFailures,
  lockedFor,
  recordLoginFailure,
} from './login-attempts.repo.ts';
import { verifyPassword } from './passwords.ts';

export type CurrentPasswordCheck =
  | { outcome: 'valid' }
  | { outcome: 'wrong' }
  /** The account's login lock is on: seconds to wait (the password was not even checked). */
  | { outcome: 'locked'; retryAfter: number };

/**
 * The password a logged-in account types to confirm a change (password change, account
 * deletion). A wrong one counts with the account's login failures and the same lock applies, so
 * a stolen session cannot guess the password without limit (see docs/decisions.md, Server,
 * 'Wrong current passwords count with the login lock').
 */
export async function checkCurrentPassword(
  db: Database,
  limit: ServerConfig['loginLimit'],
  now: () => Date,
  account: { email: string; password_hash: string },
  typed: string,
): Promise<CurrentPasswordCheck> {
  const key = accountLockKey(normalizeEmail(account.email));
  const wait = await lockedFor(db, [{ key, max: limit.perAccount }], limit.windowSeconds, now());
  if (wait !== undefined) return { outcome: 'locked', retryAfter: wait };
  if (!(await verifyPassword(typed, account.password_hash))) {
    await recordLoginFailure(db, [key], limit.windowSeconds, now());
    return { outcome: 'wrong' };
  }
  // As after a successful login: the right password ends the lock's count.
  await clearLoginFailures(db, key);
  return { outcome: 'valid' };
}
