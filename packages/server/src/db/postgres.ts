import pg from 'pg';
import type { Database } from './database.ts';

type Client = Pick<pg.PoolClient, 'query'>;

function wrap(client: Client, transaction: Database['transaction']): Database {
  return {
    sharedWithOtherProcesses: true,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params]);
      return result.rows as T[];
    },
    transaction,
    async exec(sql: string) {
      await client.query(sql);
    },
    async close() {},
  };
}

export interface PostgresOptions {
  /** Every connection works in this schema (tests give each file its own). */
  schema?: string;
  max?: number;
}

/** A real PostgreSQL server through a connection pool. */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  const nested: Database['transaction'] = () => {
    throw new Error('Nested transactions are not supported');
  };
  const transaction: Database['transaction'] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(wrap(client, nested));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const root = wrap(pool, transaction);
  return { ...root, close: () => pool.end() };
}
