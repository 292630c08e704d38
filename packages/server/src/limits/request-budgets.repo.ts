import type { Database } from '../db/database.ts';

/**
 * Request budgets (table `request_budgets`): how many calls one key (an operation and a client
 * address) may make per fixed window. Apart from the login-failure lock
 * (`auth/login-attempts.repo.ts`), which counts wrong passwords only.
 */
export interface RequestBudget {
  /** `<operation>:<client address>`, e.g. `refresh:203.0.113.7`. */
  key: string;
  max: number;
  windowSeconds: number;
}

interface BudgetRow {
  spent: number;
  window_start: Date;
}

/**
 * Spends one call of the budget and answers the seconds to wait when it was already spent, else
 * undefined. Check and count are one statement, so two replicas (or two concurrent calls) can
 * never both take the last call; an elapsed window starts again at 1.
 */
export async function spendBudget(
  db: Database,
  budget: RequestBudget,
  now: Date,
): Promise<number | undefined> {
  const windowOpenedAfter = new Date(now.getTime() - budget.windowSeconds * 1000);
  const [row] = await db.query<BudgetRow>(
    `INSERT INTO request_budgets AS b (key, window_start, spent) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       spent = CASE WHEN b.window_start <= $3 THEN 1 ELSE b.spent + 1 END,
       window_start = CASE WHEN b.window_start <= $3 THEN $2 ELSE b.window_start END
     RETURNING spent, window_start`,
    [budget.key, now, windowOpenedAfter],
  );
  if (row === undefined || row.spent <= budget.max) return undefined;
  const endsAt = row.window_start.getTime() + budget.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}
