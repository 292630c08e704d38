import type { ServerConfig } from './config.ts';
import { migrate, openDatabase, seedPlans, type Database } from './db/index.ts';

/**
 * What every server process does before it serves: open the database, migrate (under the
 * advisory lock, so replicas may start together) and put the built-in plans in when missing.
 */
export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<{ db: Database; applied: string[] }> {
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    await seedPlans(db);
    return { db, applied };
  } catch (error) {
    await db.close();
    throw error;
  }
}
