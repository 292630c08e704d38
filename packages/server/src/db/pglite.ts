import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database } from './database.ts';

type Queryable = Pick<Transaction, 'query' | 'exec'>;

function wrap(target: Queryable, transaction: Database['transaction']): Database {
  return {
    sharedWithOtherProcesses: false,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    transaction,
    async exec(sql: string) {
      await target.exec(sql);
    },
    async close() {},
  };
}

/**
 * Embedded PostgreSQL: persisted under `dataDir`, or in memory when it is undefined. A new
 * database starts from `template` (a `dumpDataDir` tar) when given, instead of running initdb.
 */
export async function createPgliteDatabase(
  dataDir?: string,
  options: { template?: Blob } = {},
): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(options.template === undefined ? {} : { loadDataDir: options.template }),
  });
  const nested: Database['transaction'] = () => {
    throw new Error('Nested transactions are not supported');
  };
  const root = wrap(pg, (fn) => pg.transaction((tx) => fn(wrap(tx, nested))));
  return { ...root, close: () => pg.close() };
}
