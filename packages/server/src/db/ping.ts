import type { Database } from './database.ts';

/** Resolves once the database has answered a trivial query (the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.query('SELECT 1');
}
