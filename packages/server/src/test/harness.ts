import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions, type BuildAppOptions } from '../app.ts';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { newId, type TokenPair } from '../auth/tokens.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrate, migrationsDir } from '../db/migrate.ts';
import { createPgliteDatabase } from '../db/pglite.ts';
import { createPostgresDatabase } from '../db/postgres.ts';
import { seedPlans } from '../db/seed.ts';
import { seedThemeReleases } from '../releases/releases.ts';
import { buildThemeArchive } from '@portal/theme';
import { assertAnswerFollowsContract, type ContractCheckOptions } from './contract-check.ts';

/** A clock the tests move by hand; starts at the real time. */
export interface TestClock {
  now(): Date;
  advance(seconds: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (seconds) => {
      offset += seconds * 1000;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  clock: TestClock;
  /** Empties every table and puts the seeds back (call in beforeEach). */
  reset(): Promise<void>;
  /**
   * PostgreSQL only (undefined on PGlite): another app over its own connections to the same
   * schema, as a second replica of the server would be.
   */
  replica?: () => Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<ServerConfig>;
  payments?: BuildAppOptions['payments'];
  /** When given, the production logger (at debug level) writes its lines here. */
  logLines?: string[];
}

let template: Blob | undefined;

/**
 * A new, empty embedded database (in memory, or on `dataDir`), copied from the data folder the
 * run's global setup initialised once: initdb is slow and, run once per file, was where PGlite
 * aborted (see docs/decisions.md, 'Test run time').
 */
export async function freshPglite(dataDir?: string): Promise<Database> {
  template ??= new Blob([new Uint8Array(readFileSync(inject('pgliteTemplate')))]);
  return createPgliteDatabase(dataDir, { template });
}

/**
 * The header of a migration's test file: an embedded database migrated up to `migration`
 * (excluded) and seeded, so a test writes the data an older schema held, then `apply()` runs
 * `migration` and the later ones, so the data is read with today's repositories (answering the
 * files applied). Read `db` inside tests only.
 */
export function useDatabaseBefore(migration: string): {
  readonly db: Database;
  apply(): Promise<string[]>;
} {
  let db: Database | undefined;
  let dir: string | undefined;
  const ready = () => {
    if (db === undefined || dir === undefined) throw new Error('Only migrated in beforeAll');
    return { db, dir };
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-migration-'));
    for (const file of readdirSync(migrationsDir).filter((name) => name < migration)) {
      copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
    }
    db = await freshPglite();
    await migrate(db, dir);
    await seedPlans(db);
  });
  afterAll(async () => {
    await db?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      return ready().db;
    },
    async apply() {
      const { db: migrated, dir: folder } = ready();
      for (const file of readdirSync(migrationsDir).filter((name) => name >= migration)) {
        copyFileSync(path.join(migrationsDir, file), path.join(folder, file));
      }
      return migrate(migrated, folder);
    },
  };
}

/**
 * One database per test FILE (beforeAll), reset between tests: in-memory PGlite, or, when
 * `DATABASE_URL` is set, a schema of its own on that server so parallel files never collide.
 */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const url = process.env.DATABASE_URL;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let db: Database;
  let dropSchema = async () => {};
  let replica: TestServer['replica'];
  if (url === undefined || url === '') {
    db = await freshPglite();
  } else {
    const admin = createPostgresDatabase(url, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    db = createPostgresDatabase(url, { schema, max: 4 });
    replica = async () => {
      const replicaDb = createPostgresDatabase(url, { schema, max: 2 });
      const replicaApp = await buildApp({ db: replicaDb, config, now: clock.now });
      await replicaApp.ready();
      return {
        app: replicaApp,
        close: async () => {
          await replicaApp.close();
          await replicaDb.close();
        },
      };
    };
    dropSchema = async () => {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    };
  }
  await migrate(db);
  await seedPlans(db);
  const config: ServerConfig = {
    ...loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }),
    webDistDir: '/nonexistent',
    ...options.config,
  };
  const clock = createTestClock();
  const app = await buildApp({
    db,
    config,
    now: clock.now,
    ...(options.payments === undefined ? {} : { payments: options.payments }),
    ...(options.logLines === undefined ? {} : { logger: capturingLogger(options.logLines) }),
  });
  await app.ready();
  // The theme package's versions, stamped for this server as start.ts does; built once per file
  // and stored again at each reset.
  const stamp = { portalOrigin: config.publicOrigin, jwks: JSON.parse(app.licenceKeys.jwksText) };
  const archives = new Map<string, Uint8Array>();
  const buildOnce = (version: string) => {
    const archive = archives.get(version) ?? buildThemeArchive(version, stamp);
    archives.set(version, archive);
    return archive;
  };
  await seedThemeReleases(db, buildOnce);
  return {
    app,
    db,
    config,
    clock,
    replica,
    async reset() {
      // Downloads counted by the test before: written now, then emptied with their table.
      await app.releaseDownloads.flush();
      const tables = await db.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
         AND tablename NOT IN ('schema_migrations', 'server_secrets')`,
      );
      await db.exec(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`);
      // Written behind the app's back: what it kept in memory no longer holds.
      app.readCache.clear();
      await seedPlans(db);
      await seedThemeReleases(db, buildOnce);
    },
    async close() {
      await app.close();
      await db.close();
      await dropSchema();
    },
  };
}

/**
 * The header of a server test file (or `describe` block): one server for the file, created
 * before its tests (`options` read then, so they may name what an earlier `beforeAll` made),
 * closed after them and reset before each. Answers the server; read its parts inside tests and
 * hooks only.
 */
export function useTestServer(
  options: TestServerOptions | (() => TestServerOptions) = {},
): TestServer {
  let server: TestServer | undefined;
  const ready = (): TestServer => {
    if (server === undefined) throw new Error('The test server is only created in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await createTestServer(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => ready().reset());
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get config() {
      return ready().config;
    },
    get clock() {
      return ready().clock;
    },
    get replica() {
      return ready().replica;
    },
    reset: () => ready().reset(),
    close: () => ready().close(),
  };
}

export interface CallOptions extends ContractCheckOptions {
  body?: unknown;
  /** Sent as is (malformed JSON, other media types). */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  /** The client's address (login limits count per address). */
  remoteAddress?: string;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed JSON body (undefined for an empty or non-JSON answer). */
  body: T;
  rawPayload: Buffer;
}

/**
 * One HTTP request through Fastify, whose answer must follow `openapi/portal.yaml` (status,
 * required headers, media type, body schema): every test calls the server through this.
 */
export async function call<T = Record<string, unknown>>(
  server: Pick<TestServer, 'app'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Buffer | undefined = options.rawBody;
  if (payload === undefined && options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await server.app.inject({
    method,
    url,
    headers,
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    ...(payload === undefined ? {} : { payload }),
  });
  assertAnswerFollowsContract(
    method,
    url,
    { statusCode: response.statusCode, headers: response.headers, body: response.body },
    options,
  );
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    headers: response.headers,
    body: (isJson && response.body !== '' ? JSON.parse(response.body) : undefined) as T,
    rawPayload: response.rawPayload,
  };
}

export interface TestCustomer {
  id: string;
  email: string;
  password: string;
  shop_domain: string;
}

let counter = 0;

/** scrypt costs a tenth of a second: the accounts a worker writes share one hash per password. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (hash === undefined) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A customer written straight to the database; `plan` also gives it an active subscription. */
export async function createCustomer(
  server: Pick<TestServer, 'db' | 'clock'>,
  options: { email?: string; password?: string; plan?: string; shop?: string } = {},
): Promise<TestCustomer> {
  counter += 1;
  const id = newId();
  const email = options.email ?? `client${counter}-${id.slice(0, 6)}@example.test`;
  const password = options.password ?? 'Secret123';
  const shop = options.shop ?? `boutique${counter}-${id.slice(0, 6)}.myshopify.com`;
  await server.db.query(
    `INSERT INTO customers (id, email, password_hash, first_name, last_name, shop_domain)
     VALUES ($1, $2, $3, 'Camille', 'Martin', $4)`,
    [id, email, await hashOnce(password), shop],
  );
  if (options.plan !== undefined) {
    const periodEnd = new Date(server.clock.now().getTime() + 30 * 24 * 3600 * 1000);
    await server.db.query(
      `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status, current_period_end)
       VALUES ($1, $2, $3, 'monthly', 'active', $4)`,
      [newId(), id, options.plan, periodEnd],
    );
  }
  return { id, email, password, shop_domain: shop };
}

export async function createAdmin(
  server: Pick<TestServer, 'db'>,
  options: { email?: string; password?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const id = newId();
  const email = options.email ?? `admin-${id.slice(0, 6)}@example.test`;
  const password = options.password ?? 'Admin1234';
  await server.db.query(
    `INSERT INTO admins (id, email, password_hash, first_name, last_name)
     VALUES ($1, $2, $3, 'Alex', 'Admin')`,
    [id, email, await hashOnce(password)],
  );
  return { id, email, password };
}

/** A fresh login session for an account, from the token service (no password hashing cost). */
export async function sessionFor(
  server: Pick<TestServer, 'app' | 'db'>,
  account: { kind: 'customer' | 'admin'; id: string },
): Promise<TokenPair> {
  return server.app.tokens.issueSession(server.db, account);
}

/** An admin and its tokens (the back office's calls). */
export async function loggedInAdmin(
  server: Pick<TestServer, 'app' | 'db'>,
): Promise<Awaited<ReturnType<typeof createAdmin>> & TokenPair> {
  const admin = await createAdmin(server);
  return { ...admin, ...(await sessionFor(server, { kind: 'admin', id: admin.id })) };
}

/** A customer with an active subscription (Scale unless told) and its tokens. */
export async function loggedInCustomer(
  server: TestServer,
  options: Parameters<typeof createCustomer>[1] = { plan: 'scale' },
): Promise<TestCustomer & TokenPair> {
  const customer = await createCustomer(server, options);
  return { ...customer, ...(await sessionFor(server, { kind: 'customer', id: customer.id })) };
}

function capturingLogger(lines: string[]): BuildAppOptions['logger'] {
  return loggerOptions('debug', { write: (line: string) => void lines.push(line) });
}

/**
 * No log line holds a JWT (`eyJ` starts every base64url JSON header) nor any of the given
 * secrets (refresh tokens, reset tokens). Secrets are looked up by set, so a soak's thousands of
 * lines and tokens stay cheap.
 */
export function expectNoTokenInLogs(
  lines: readonly string[],
  secrets: readonly string[] = [],
): void {
  const plain = new Set(secrets.filter((secret) => !secret.startsWith('eyJ')));
  const lengths = [...new Set([...plain].map((secret) => secret.length))];
  const shortest = Math.min(...lengths);
  const offending = lines.filter((line) => {
    if (line.includes('eyJ')) return true;
    // Tokens are base64url: look only inside runs of those characters.
    for (const [run] of line.matchAll(/[A-Za-z0-9_-]+/g)) {
      if (run.length < shortest) continue;
      for (const length of lengths) {
        for (let at = 0; at + length <= run.length; at += 1) {
          if (plain.has(run.slice(at, at + length))) return true;
        }
      }
    }
    return false;
  });
  expect(offending).toEqual([]);
}

/**
 * Every promise settles within `ms` (a request left hanging fails the test rather than the
 * whole run); answers the settled outcomes in order.
 */
export async function settleAll<T>(
  promises: readonly Promise<T>[],
  ms = 20_000,
): Promise<PromiseSettledResult<T>[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`promises still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.allSettled(promises), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every row of the given tables, ordered, for before/after comparisons. */
export async function snapshot(
  db: Database,
  tables: readonly string[],
): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    result[table] = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
  }
  return result;
}
