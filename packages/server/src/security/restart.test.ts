import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokens } from '../auth/tokens.ts';
import { loadConfig } from '../config.ts';
import { createPgliteDatabase, migrate, seedPlans } from '../db/index.ts';
import { createCustomer, createTestClock, freshPglite, settleAll } from '../test/harness.ts';

/**
 * The real server (`src/main.ts` through tsx) on a PGlite data folder, killed
 * with SIGKILL while writes are in flight, then started again on the same folder.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = 'restart-test-secret-that-is-long-enough-0123456789';
let dataDir: string;
let child: ChildProcess | undefined;
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.exitCode !== null) throw new Error(`server exited:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function stop(process: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    process.once('exit', () => resolve());
    process.kill(signal);
  });
}

interface Seeded {
  customers: { id: string; accessToken: string }[];
}

/** Customers with a Business plan (10 licences each), written before the server starts. */
async function seed(): Promise<Seeded> {
  const db = await freshPglite(dataDir);
  await migrate(db);
  await seedPlans(db);
  const clock = createTestClock();
  const tokens = createTokens(JWT_SECRET, loadConfig({}), clock.now);
  const customers = [];
  for (let index = 0; index < 4; index += 1) {
    const customer = await createCustomer({ db, clock }, { plan: 'business' });
    const session = await tokens.issueSession(db, { kind: 'customer', id: customer.id });
    customers.push({ id: customer.id, accessToken: session.accessToken });
  }
  await db.close();
  return { customers };
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restart-'));
});
afterAll(async () => {
  if (child !== undefined) await stop(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('restart in the middle of writes', () => {
  it('keeps every acknowledged write after a SIGKILL, nothing half-written, and starts cleanly', async () => {
    const { customers } = await seed();
    const port = await freePort();
    child = await start(port);
    const base = `http://127.0.0.1:${port}`;

    const acknowledged: { kind: 'licence' | 'customer'; id: string }[] = [];
    const writes: Promise<void>[] = [];
    let sent = 0;
    const firstAcks = new Promise<void>((resolve) => {
      const ack = (entry: (typeof acknowledged)[number]) => {
        acknowledged.push(entry);
        if (acknowledged.length === 6) resolve();
      };
      customers.forEach((customer, c) => {
        for (let n = 0; n < 10; n += 1) {
          sent += 1;
          writes.push(
            fetch(`${base}/api/client/licenses`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${customer.accessToken}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                custom_domain: `r${c}-${n}.example.fr`,
                shop_domain: `r${c}`,
              }),
            }).then(
              async (response) => {
                if (response.status !== 201) return;
                const body = (await response.json()) as { license: { _id: string } };
                ack({ kind: 'licence', id: body.license._id });
              },
              () => undefined,
            ),
          );
        }
      });
      for (let n = 0; n < 6; n += 1) {
        sent += 1;
        writes.push(
          fetch(`${base}/api/client/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.70.0.${n}` },
            body: JSON.stringify({
              email: `nouveau${n}@example.test`,
              password: 'Secret123',
              first_name: 'Camille',
              last_name: 'Martin',
              shop_domain: `nouveau${n}`,
            }),
          }).then(
            async (response) => {
              if (response.status !== 201) return;
              const body = (await response.json()) as { customer: { _id: string } };
              ack({ kind: 'customer', id: body.customer._id });
            },
            () => undefined,
          ),
        );
      }
    });
    await settleAll([firstAcks], 30_000);
    // Killed while the other writes are still on their way.
    await stop(child, 'SIGKILL');
    await settleAll(writes, 30_000);
    expect(acknowledged.length).toBeGreaterThanOrEqual(6);
    expect(acknowledged.length).toBeLessThan(sent);
    const acknowledgedNow = [...acknowledged];

    // The first run's log: no token in it.
    expect(output).not.toContain('eyJ');
    // Started again on the same folder: it migrates nothing twice and answers.
    output = '';
    child = await start(port);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    for (const customer of customers) {
      const list = await fetch(`${base}/api/client/licenses`, {
        headers: { authorization: `Bearer ${customer.accessToken}` },
      });
      expect(list.status).toBe(200);
    }
    await stop(child, 'SIGTERM');
    child = undefined;
    expect(output).not.toMatch(/error/i);
    expect(output).not.toContain('eyJ');

    const db = await createPgliteDatabase(dataDir);
    try {
      for (const entry of acknowledgedNow) {
        const table = entry.kind === 'licence' ? 'licences' : 'customers';
        const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [entry.id]);
        expect(rows, `${entry.kind} ${entry.id}`).toHaveLength(1);
      }
      const orphans = await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM licences l
                   WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = l.customer_id))
              + (SELECT count(*) FROM subscriptions s
                   WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = s.customer_id))
              + (SELECT count(*) FROM refresh_tokens t WHERE t.account_kind = 'customer'
                   AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = t.account_id)) AS n`,
      );
      expect(Number(orphans[0]?.n)).toBe(0);
      // The plan limit held through the crash.
      const perCustomer = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM licences GROUP BY customer_id',
      );
      for (const row of perCustomer) expect(row.n).toBeLessThanOrEqual(10);
    } finally {
      await db.close();
    }
  }, 180_000);
});
