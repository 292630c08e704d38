import { describe, expect, it } from 'vitest';
import { createCustomer, createTestClock, useDatabaseBefore } from '../test/harness.ts';

/**
 * Migration 006 on a database that already holds checkout sessions (docs/decisions.md,
 * 'Payments'): an account may then hold several sessions, the old payments are marked as mailed
 * and those that created an account as attached.
 */
const OWNERSHIP = '006_checkout_ownership.sql';
const migration = useDatabaseBefore(OWNERSHIP);

async function insertSession(id: string, state: { paid: boolean; customerId?: string }) {
  await migration.db.query(
    `INSERT INTO checkout_sessions (id, provider, plan_id, price_id, billing_cycle, amount_total,
       status, payment_status, success_url, cancel_url, customer_email, expires_at, paid_at,
       used_at, customer_id)
     VALUES ($1, 'sandbox', 'scale', 'price_scale_yearly', 'yearly', 40789, $2, $3,
       'http://127.0.0.1:3000/onboarding', 'http://127.0.0.1:3000/payment/cancel',
       'ancien@example.test', now() + interval '1 day', $4, $5, $6)`,
    [
      id,
      state.paid ? 'complete' : 'open',
      state.paid ? 'paid' : 'unpaid',
      state.paid ? new Date('2026-01-02T10:00:00Z') : null,
      state.customerId === undefined ? null : new Date('2026-01-02T10:05:00Z'),
      state.customerId ?? null,
    ],
  );
}

describe('migration 006: checkout ownership', () => {
  it('keeps the sessions, marks old payments mailed and used ones attached, and lets an account buy again', async () => {
    const customer = await createCustomer({ db: migration.db, clock: createTestClock() });
    await insertSession('cs_old_used', { paid: true, customerId: customer.id });
    await insertSession('cs_old_paid', { paid: true });
    await insertSession('cs_old_open', { paid: false });

    expect((await migration.apply())[0]).toBe(OWNERSHIP);

    const rows = await migration.db.query<Record<string, unknown>>(
      `SELECT id, receipt_sent_at, onboarding_mail_sent_at, attached_at, url
       FROM checkout_sessions ORDER BY id`,
    );
    const paidAt = new Date('2026-01-02T10:00:00Z');
    expect(rows).toEqual([
      {
        id: 'cs_old_open',
        receipt_sent_at: null,
        onboarding_mail_sent_at: null,
        attached_at: null,
        url: null,
      },
      {
        id: 'cs_old_paid',
        receipt_sent_at: paidAt,
        onboarding_mail_sent_at: paidAt,
        attached_at: null,
        url: null,
      },
      {
        id: 'cs_old_used',
        receipt_sent_at: paidAt,
        onboarding_mail_sent_at: paidAt,
        attached_at: new Date('2026-01-02T10:05:00Z'),
        url: null,
      },
    ]);

    // The same account buys again: a second session of its own is accepted now.
    await insertSession('cs_new', { paid: true, customerId: customer.id });
    const owned = await migration.db.query(
      'SELECT id FROM checkout_sessions WHERE customer_id = $1',
      [customer.id],
    );
    expect(owned).toHaveLength(2);
  });
});
