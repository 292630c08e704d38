import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../start.ts';
import { call, createCustomer, createTestClock, sessionFor } from '../test/harness.ts';
import type { Database } from './database.ts';
import { MIGRATIONS_LOCK_KEY, migrate, migrationsDir } from './migrate.ts';
import { createPgliteDatabase } from './pglite.ts';
import { createPostgresDatabase } from './postgres.ts';

const migrationFiles = readdirSync(migrationsDir)
  .filter((file) => /^\d+_.+\.sql$/.test(file))
  .sort();

const recorded = async (db: Database) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map(
    (row) => row.name,
  );

describe('migrate (embedded PGlite)', () => {
  let db: Database;
  let scratch: string | undefined;
  beforeAll(async () => {
    db = await createPgliteDatabase();
  });
  afterAll(async () => db.close());
  afterEach(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it('applies every file once, in name order, then nothing on the next start', async () => {
    expect(migrationFiles.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual(migrationFiles);
    expect(await recorded(db)).toEqual(migrationFiles);
    expect(await migrate(db)).toEqual([]);
    expect(await recorded(db)).toEqual(migrationFiles);
  });

  it('rolls the whole run back when one file fails: no table, no record of the files before it', async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
    writeFileSync(path.join(scratch, '001_first.sql'), 'CREATE TABLE first_table (id int);');
    writeFileSync(path.join(scratch, '002_broken.sql'), 'CREATE TABLE broken (id nosuchtype);');
    await expect(migrate(db, scratch)).rejects.toThrow(/nosuchtype/);
    expect(await db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'first_table'`)).toEqual([]);
    expect(await recorded(db)).toEqual(migrationFiles);
  });
});

// Replicas over one PostgreSQL server: runs in `pnpm test:server:pg`, which sets DATABASE_URL.
// Two in-process servers (each its own pool, read cache and Fastify instance, started with the
// same `prepareDatabase` + `buildApp` steps as `main.ts`) rather than two child processes: to
// PostgreSQL they are two clients like any two replicas, the test needs no build, and it reads
// each one's state directly. The compiled process itself is started by the e2e run.
const url = process.env.DATABASE_URL;
describe.runIf(url !== undefined && url !== '')('replicas sharing one PostgreSQL', () => {
  // This body also runs (to collect the tests) when they are skipped: nothing here may need the URL.
  const name = `replicas_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (): string => {
    const parsed = new URL(url as string);
    parsed.pathname = `/${name}`;
    return parsed.toString();
  };
  const clock = createTestClock();
  const config = () => ({
    ...loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000', DATABASE_URL: databaseUrl() }),
    webDistDir: '/nonexistent',
  });
  let admin: Database;
  const replicas: { app: FastifyInstance; db: Database; applied: string[] }[] = [];

  /** One replica's start-up, as `main.ts` does it: open, migrate, seed, build the app. */
  async function startReplica() {
    const { db, applied } = await prepareDatabase(config());
    const app = await buildApp({ db, config: config(), now: clock.now });
    await app.ready();
    return { app, db, applied };
  }

  beforeAll(async () => {
    admin = createPostgresDatabase(url as string, { max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    for (const replica of replicas) {
      await replica.app.close();
      await replica.db.close();
    }
    // Not WITH (FORCE): PostgreSQL waits a few seconds for the closed pools' sessions to end.
    await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  });

  it('two servers started at the same moment on an empty database both come up, migrated once', async () => {
    replicas.push(...(await Promise.all([startReplica(), startReplica()])));
    // One of them applied every file, the other waited on the lock and found them all applied.
    expect(replicas.map((replica) => replica.applied.length).sort()).toEqual([
      0,
      migrationFiles.length,
    ]);
    const [first] = replicas;
    const rows = await first!.db.query<{ name: string; times: number }>(
      'SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name ORDER BY name',
    );
    expect(rows).toEqual(migrationFiles.map((file) => ({ name: file, times: 1 })));
    for (const replica of replicas) {
      expect((await call(replica, 'GET', '/api/health')).status).toBe(200);
    }
    // Started together on an empty keyring, they generated one licence signing key, not two.
    expect(new Set(replicas.map((replica) => replica.app.licenceKeys.kid)).size).toBe(1);
  });

  it('a start waits while another holds the migrations lock, then finds nothing to apply', async () => {
    const holder = createPostgresDatabase(databaseUrl(), { max: 1 });
    const waiter = createPostgresDatabase(databaseUrl(), { max: 1 });
    try {
      let waiting: Promise<string[]> | undefined;
      await holder.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATIONS_LOCK_KEY]);
        waiting = migrate(waiter);
        // The waiter is queued on the lock (not merely slow) before the holder lets go.
        await until(
          async () =>
            (
              await tx.query(
                `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                   AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
              )
            ).length === 1,
        );
      });
      expect(await waiting).toEqual([]);
    } finally {
      await holder.close();
      await waiter.close();
    }
  });

  describe('scale-out', () => {
    const [a, b] = [() => replicas[0]!, () => replicas[1]!];

    const createLicence = (app: FastifyInstance, token: string, domain: string) =>
      call({ app }, 'POST', '/api/client/licenses', {
        token,
        body: { custom_domain: domain, shop_domain: 'ma-boutique' },
      });
    const listLicences = (app: FastifyInstance, token: string) =>
      call<{ licenses: { custom_domain: string }[] }>({ app }, 'GET', '/api/client/licenses', {
        token,
      });
    const refresh = (app: FastifyInstance, refreshToken: string) =>
      call<{ accessToken: string; refreshToken: string }>({ app }, 'POST', '/auth/refresh', {
        body: { refreshToken },
      });

    async function customerOn(plan: string) {
      const customer = await createCustomer({ db: a().db, clock }, { plan });
      return { ...customer, ...(await sessionFor(a(), { kind: 'customer', id: customer.id })) };
    }

    it('lists on one replica a licence created through the other', async () => {
      const customer = await customerOn('scale');
      // B has read (and may keep) the empty list before A writes.
      expect((await listLicences(b().app, customer.accessToken)).body.licenses).toEqual([]);
      expect((await createLicence(a().app, customer.accessToken, 'boutique.fr')).status).toBe(201);
      await until(async () => {
        const listed = await listLicences(b().app, customer.accessToken);
        return listed.body.licenses.map((licence) => licence.custom_domain).includes('boutique.fr');
      });
    });

    it('keeps the plan limit (Scale: 3) under 8 concurrent creations spread over both', async () => {
      const customer = await customerOn('scale');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          createLicence((index % 2 === 0 ? a() : b()).app, customer.accessToken, `site${index}.fr`),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(5);
      for (const answer of refused) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: messages.licences.limitWarning(3) });
      }
      const rows = await a().db.query('SELECT 1 FROM licences WHERE customer_id = $1', [
        customer.id,
      ]);
      expect(rows).toHaveLength(3);
    });

    it('revokes the whole family when a refresh token rotated on one replica comes back on the other', async () => {
      const customer = await customerOn('scale');
      const rotated = await refresh(a().app, customer.refreshToken);
      expect(rotated.status).toBe(200);
      const replay = await refresh(b().app, customer.refreshToken);
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ message: messages.http.refreshFailed });
      // The newer token of the family is dead on both replicas, and so are its access tokens.
      expect((await refresh(a().app, rotated.body.refreshToken)).status).toBe(401);
      expect((await refresh(b().app, rotated.body.refreshToken)).status).toBe(401);
      for (const replica of [a(), b()]) {
        await until(
          async () => (await listLicences(replica.app, rotated.body.accessToken)).status === 401,
        );
      }
    });
  });
});

/**
 * Resolves once `condition` holds, checking again as soon as the previous check answered (a
 * replica learns of another's write through NOTIFY, asynchronously); fails after 10 s.
 */
async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition still false after ${ms} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
