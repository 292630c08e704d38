import pg from 'pg';
import type { Database, ListenHandlers } from './database.ts';

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
  return {
    ...root,
    listen: (channel, handlers) => listen(url, channel, handlers),
    close: () => pool.end(),
  };
}

/** How long to wait before opening a dropped listening connection again. */
const relistenMs = 1000;

async function listen(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    const drop = () => {
      if (client !== next) return;
      client = undefined;
      handlers.lost();
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(reopen, relistenMs);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    handlers.listening();
  };
  const reopen = () => {
    open().catch(() => {
      if (!stopped) retry = setTimeout(reopen, relistenMs);
    });
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end();
  };
}
