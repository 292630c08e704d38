import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import type { Database } from './database.ts';

/** From the repository root, so the source and the bundled `dist/main.js` find the same folder. */
export const migrationsDir = path.join(repoRoot, 'packages/server/migrations');

/**
 * The advisory-lock key every server process takes before migrating (one fixed bigint, chosen
 * once; see docs/operations.md, 'Migrations'). Advisory locks are per database, whatever the schema.
 */
export const MIGRATIONS_LOCK_KEY = '7036851942219430511';

/**
 * Applies every `NNN_name.sql` not yet recorded, in file-name order, and answers their names.
 * The whole run is one transaction under a transaction-level advisory lock: replicas starting
 * together queue on the lock, and the next one finds every file recorded and applies none.
 * A failing file rolls the whole run back, so the schema is never left half upgraded.
 */
export async function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATIONS_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
        (row) => row.name,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
