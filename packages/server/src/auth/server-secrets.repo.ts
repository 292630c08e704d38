import type { Database } from '../db/database.ts';

/**
 * A named secret (table `server_secrets`) stored once for every replica: the first process to
 * ask stores `candidate`, every later one reads what was stored.
 */
export async function storedSecret(db: Database, name: string, candidate: string): Promise<string> {
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, candidate],
  );
  const [row] = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  if (row === undefined) throw new Error(`${name} could not be stored`);
  return row.value;
}
