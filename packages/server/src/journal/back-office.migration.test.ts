import { describe, expect, it } from 'vitest';
import { createCustomer, createTestClock, useDatabaseBefore } from '../test/harness.ts';

/**
 * Migration 010 on a database holding the verification's suspensions (docs/operations.md,
 * 'Licence verification'): they move into the journal, one home, and their table goes.
 */
const BACK_OFFICE = '011_back_office.sql';
const migration = useDatabaseBefore(BACK_OFFICE);

describe('migration 011: the back office', () => {
  it('moves every suspension and reinstatement into the journal with its admin and reason, then drops the table', async () => {
    const customer = await createCustomer({ db: migration.db, clock: createTestClock() });
    await migration.db.query(
      `INSERT INTO admins (id, email, password_hash, first_name, last_name)
       VALUES ('adm_1', 'admin@example.test', 'x', 'Alex', 'Admin')`,
    );
    await migration.db.query(
      `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status)
       VALUES ('lic_1', $1, 'boutique.fr', 'boutique.myshopify.com', 'Thème Boutique', 'active')`,
      [customer.id],
    );
    await migration.db.query(
      `INSERT INTO licence_suspensions (id, licence_id, action, reason, admin_id, created_at)
       VALUES ('s1', 'lic_1', 'suspend', 'Impayé', 'adm_1', '2026-03-01T10:00:00Z'),
              ('s2', 'lic_1', 'reinstate', 'Réglé', NULL, '2026-03-02T10:00:00Z')`,
    );

    expect((await migration.apply())[0]).toBe(BACK_OFFICE);

    const events = await migration.db.query<Record<string, unknown>>(
      `SELECT at, type, actor_kind, actor_id, customer_id, licence_id, reason, details
       FROM journal ORDER BY seq`,
    );
    const domains = { custom_domain: 'boutique.fr', shop_domain: 'boutique.myshopify.com' };
    expect(events).toEqual([
      {
        at: new Date('2026-03-01T10:00:00Z'),
        type: 'licence_suspended',
        actor_kind: 'admin',
        actor_id: 'adm_1',
        customer_id: customer.id,
        licence_id: 'lic_1',
        reason: 'Impayé',
        details: domains,
      },
      {
        at: new Date('2026-03-02T10:00:00Z'),
        type: 'licence_reinstated',
        actor_kind: 'system',
        actor_id: null,
        customer_id: customer.id,
        licence_id: 'lic_1',
        reason: 'Réglé',
        details: domains,
      },
    ]);
    const [table] = await migration.db.query<{ name: string | null }>(
      `SELECT to_regclass('licence_suspensions')::text AS name`,
    );
    expect(table?.name).toBeNull();
    const [licence] = await migration.db.query<{ version: number }>(
      `SELECT version FROM licences WHERE id = 'lic_1'`,
    );
    expect(licence?.version).toBe(1);
  });
});
