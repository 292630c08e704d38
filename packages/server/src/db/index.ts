import type { ServerConfig } from '../config.ts';
import type { Database } from './database.ts';
import { createPgliteDatabase } from './pglite.ts';
import { createPostgresDatabase } from './postgres.ts';

export type { Database } from './database.ts';
export { createPgliteDatabase } from './pglite.ts';
export { createPostgresDatabase } from './postgres.ts';
export { migrate } from './migrate.ts';
export { seedPlans } from './seed.ts';

/** PostgreSQL when `DATABASE_URL` is set, otherwise the embedded database under the data folder. */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  return config.databaseUrl === undefined
    ? createPgliteDatabase(config.dataDir)
    : createPostgresDatabase(config.databaseUrl);
}
