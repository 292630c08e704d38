import type { Database } from '../db/database.ts';

/**
 * The login-failure lock (table `login_attempts`): wrong passwords counted per account
 * (`account:<email>`, whatever the address) and per client address (`address:<ip>`), in the
 * database so every replica shares them and a restart forgets nothing. One fixed window per key.
 * Request budgets (refreshes, registrations...) are another module: `limits/request-budgets.repo.ts`.
 */
export interface AttemptLimit {
  key: string;
  max: number;
}

interface AttemptRow {
  key: string;
  window_start: Date;
  failures: number;
}

/** The lock key of one account (by its normalised email). */
export function accountLockKey(normalizedEmail: string): string {
  return `account:${normalizedEmail}`;
}

/** The lock key of one client address. */
export function addressLockKey(ip: string): string {
  return `address:${ip}`;
}

/** Seconds to wait before the next attempt, when one of the keys is at its limit. */
export async function lockedFor(
  db: Database,
  limits: AttemptLimit[],
  windowSeconds: number,
  now: Date,
): Promise<number | undefined> {
  const rows = await db.query<AttemptRow>(
    'SELECT key, window_start, failures FROM login_attempts WHERE key = ANY($1)',
    [limits.map((limit) => limit.key)],
  );
  let wait: number | undefined;
  for (const row of rows) {
    const limit = limits.find((candidate) => candidate.key === row.key);
    const endsAt = row.window_start.getTime() + windowSeconds * 1000;
    if (limit === undefined || row.failures < limit.max || endsAt <= now.getTime()) continue;
    const seconds = Math.ceil((endsAt - now.getTime()) / 1000);
    wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/** Counts one wrong password on each key (an elapsed window starts again at 1). */
export async function recordLoginFailure(
  db: Database,
  keys: string[],
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const windowOpenedAfter = new Date(now.getTime() - windowSeconds * 1000);
  for (const key of keys) {
    await db.query(
      `INSERT INTO login_attempts AS a (key, window_start, failures) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.window_start <= $3 THEN 1 ELSE a.failures + 1 END,
         window_start = CASE WHEN a.window_start <= $3 THEN $2 ELSE a.window_start END`,
      [key, now, windowOpenedAfter],
    );
  }
}

export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
}
