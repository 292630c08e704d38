import { describe, expect, it } from 'vitest';
import { subscriptionOf } from '../subscriptions/subscriptions.repo.ts';
import { createCustomer, createTestClock, useDatabaseBefore } from '../test/harness.ts';
import { listLicences } from './licences.repo.ts';

/**
 * Migration 008 on a database whose licences hold the date copied at their creation
 * (docs/decisions.md, 'A licence expires with its subscription').
 */
const EXPIRY = '008_licence_expiry.sql';
const migration = useDatabaseBefore(EXPIRY);

describe('migration 008: licence expiry', () => {
  it("drops the copied dates: the licences then expire with their customer's subscription", async () => {
    const customer = await createCustomer(
      { db: migration.db, clock: createTestClock() },
      { plan: 'scale' },
    );
    await migration.db.query(
      `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status,
         expires_at)
       VALUES ('lic_old', $1, 'ancienne.fr', 'ancienne.myshopify.com', 'Thème Boutique',
         'active', '2025-01-01T00:00:00Z')`,
      [customer.id],
    );

    expect((await migration.apply())[0]).toBe(EXPIRY);
    const periodEnd = (await subscriptionOf(migration.db, customer.id))?.current_period_end;
    expect(periodEnd).toBeInstanceOf(Date);
    expect(await listLicences(migration.db, customer.id)).toMatchObject([
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
