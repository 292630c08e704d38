import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate, migrationsDir } from '../db/migrate.ts';
import { seedPlans } from '../db/seed.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.repo.ts';
import { createCustomer, createTestClock, freshPglite } from '../test/harness.ts';
import { listLicences } from './licences.repo.ts';

/**
 * Migration 008 on a database whose licences hold the date copied at their creation
 * (docs/decisions.md, 'A licence expires with its subscription').
 */
const EXPIRY = '008_licence_expiry.sql';
let db: Database;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-migration-008-'));
  for (const file of readdirSync(migrationsDir).filter((name) => name < EXPIRY)) {
    copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
  }
  db = await freshPglite();
  await migrate(db, dir);
  await seedPlans(db);
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 008: licence expiry', () => {
  it("drops the copied dates: the licences then expire with their customer's subscription", async () => {
    const customer = await createCustomer({ db, clock: createTestClock() }, { plan: 'scale' });
    await db.query(
      `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status,
         expires_at)
       VALUES ('lic_old', $1, 'ancienne.fr', 'ancienne.myshopify.com', 'Thème Boutique',
         'active', '2025-01-01T00:00:00Z')`,
      [customer.id],
    );

    copyFileSync(path.join(migrationsDir, EXPIRY), path.join(dir, EXPIRY));
    expect(await migrate(db, dir)).toEqual([EXPIRY]);
    const periodEnd = (await subscriptionOf(db, customer.id))?.current_period_end;
    expect(periodEnd).toBeInstanceOf(Date);
    expect(await listLicences(db, customer.id)).toEqual([
      {
        id: 'lic_old',
        customer_id: customer.id,
        custom_domain: 'ancienne.fr',
        shop_domain: 'ancienne.myshopify.com',
        theme_name: 'Thème Boutique',
        status: 'active',
        expires_at: periodEnd,
      },
    ]);
  });
});
