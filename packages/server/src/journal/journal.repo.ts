import type { components } from '@portal/core/domain';
import type { Database } from '../db/database.ts';

/**
 * The journal (table `journal`, docs/product.md#back-office): every admin action and lifecycle
 * event, appended in the transaction of the change it records, never changed nor deleted (its
 * trigger refuses UPDATE and DELETE). This module alone writes it.
 */

export type JournalEventType = components['schemas']['JournalEventType'];

/** Who did it: an admin, a customer, the payment provider (its events), or the system (the clock). */
export type Actor =
  { kind: 'admin' | 'customer'; id: string } | { kind: 'provider' | 'system'; id?: undefined };

export const providerActor: Actor = { kind: 'provider' };
export const systemActor: Actor = { kind: 'system' };

export interface NewJournalEvent {
  type: JournalEventType;
  /** When it happened: the write's time, or a trial's or a period's end for what the clock ended. */
  at: Date;
  actor: Actor;
  customer_id?: string | null;
  licence_id?: string | null;
  reason?: string | null;
  /** Money events: the plan and cycle after, the provider's amount, the customer's MRR before and after. */
  plan_id?: string | null;
  billing_cycle?: 'monthly' | 'yearly' | null;
  amount_cents?: number | null;
  mrr_before_cents?: number | null;
  mrr_after_cents?: number | null;
  details?: Record<string, unknown>;
  /**
   * The change it records, when that change may be announced again (a provider's invoice or
   * subscription, what the clock ended): the second announcement records nothing.
   */
  once_key?: string;
}

const insert = `INSERT INTO journal (at, type, actor_kind, actor_id, customer_id, licence_id, reason,
    plan_id, billing_cycle, amount_cents, mrr_before_cents, mrr_after_cents, details, once_key)`;

const valuesOf = (event: NewJournalEvent) => [
  event.at,
  event.type,
  event.actor.kind,
  event.actor.id ?? null,
  event.customer_id ?? null,
  event.licence_id ?? null,
  event.reason ?? null,
  event.plan_id ?? null,
  event.billing_cycle ?? null,
  event.amount_cents ?? null,
  event.mrr_before_cents ?? null,
  event.mrr_after_cents ?? null,
  JSON.stringify(event.details ?? {}),
  event.once_key ?? null,
];

/**
 * Appends an event; call it with the transaction of the change it records. Answers false when an
 * event of the same `once_key` was recorded before (nothing is appended then).
 */
export async function recordEvent(tx: Database, event: NewJournalEvent): Promise<boolean> {
  const rows = await tx.query(
    `${insert} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (once_key) DO NOTHING RETURNING seq`,
    valuesOf(event),
  );
  return rows.length > 0;
}

/** `mail_queued`, its customer found by the recipient's email (none for a visitor's mail). */
export async function recordMailQueued(
  tx: Database,
  mail: { id: string; kind: string; recipient: string; at: Date },
): Promise<void> {
  await tx.query(
    `${insert}
     SELECT $1, 'mail_queued', 'system', NULL,
       (SELECT id FROM customers WHERE lower(email) = lower($2)), NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, $3, NULL`,
    [mail.at, mail.recipient, JSON.stringify({ kind: mail.kind, mail_id: mail.id })],
  );
}

/** An event as the back office reads it, with the emails of its actor and its customer. */
export interface JournalRow {
  seq: string;
  at: Date;
  type: JournalEventType;
  actor_kind: 'admin' | 'customer' | 'provider' | 'system';
  actor_id: string | null;
  actor_email: string | null;
  customer_id: string | null;
  customer_email: string | null;
  licence_id: string | null;
  release_id: string | null;
  reason: string | null;
  plan_id: string | null;
  billing_cycle: 'monthly' | 'yearly' | null;
  amount_cents: number | null;
  mrr_before_cents: number | null;
  mrr_after_cents: number | null;
  details: Record<string, unknown>;
}

const read = `SELECT j.seq::text AS seq, j.at, j.type, j.actor_kind, j.actor_id,
    COALESCE(a.email, ac.email) AS actor_email, j.customer_id, c.email AS customer_email,
    j.licence_id, j.release_id, j.reason, j.plan_id, j.billing_cycle, j.amount_cents,
    j.mrr_before_cents, j.mrr_after_cents, j.details
  FROM journal j
    LEFT JOIN admins a ON j.actor_kind = 'admin' AND a.id = j.actor_id
    LEFT JOIN customers ac ON j.actor_kind = 'customer' AND ac.id = j.actor_id
    LEFT JOIN customers c ON c.id = j.customer_id`;

export interface JournalFilter {
  /**
   * The events of these customers and licences, and of the type `type` (`q` as the back office's
   * search reads it): SQL selecting ids, written by `back-office/search.repo.ts`, over `$1` (the
   * prefix pattern), `$2` (the domain's pattern) and `$3` (the text as typed).
   */
  search?: { customerIds: string; licenceIds: string; params: [string, string, string] };
  customerId?: string;
  licenceId?: string;
  type?: JournalEventType;
  limit: number;
  offset: number;
}

/** A page of events, newest first, and how many match. */
export async function listJournal(
  db: Database,
  filter: JournalFilter,
): Promise<{ rows: JournalRow[]; total: number }> {
  const params: unknown[] = filter.search === undefined ? [] : [...filter.search.params];
  const conditions: string[] = [];
  const add = (condition: (at: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.customerId !== undefined) add((p) => `j.customer_id = ${p}`, filter.customerId);
  if (filter.licenceId !== undefined) add((p) => `j.licence_id = ${p}`, filter.licenceId);
  if (filter.type !== undefined) add((p) => `j.type = ${p}`, filter.type);
  // Each search branch reads its own index; the page is then cut from their union.
  const from =
    filter.search === undefined
      ? 'journal j'
      : `(SELECT seq FROM journal WHERE customer_id IN (${filter.search.customerIds})
          UNION SELECT seq FROM journal WHERE licence_id IN (${filter.search.licenceIds})
          UNION SELECT seq FROM journal WHERE type = $3) hit JOIN journal j USING (seq)`;
  const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} ${where}`,
    params,
  );
  const page = [...params, filter.limit, filter.offset];
  const rows = await db.query<JournalRow>(
    `${read} WHERE j.seq IN (SELECT j.seq FROM ${from} ${where}
       ORDER BY j.at DESC, j.seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2})
     ORDER BY j.at DESC, j.seq DESC`,
    page,
  );
  return { rows, total: count?.total ?? 0 };
}

/** A customer's events of the given types, newest first. */
export async function customerEvents(
  db: Database,
  customerId: string,
  types: readonly JournalEventType[],
  limit: number,
): Promise<JournalRow[]> {
  return db.query<JournalRow>(
    `${read} WHERE j.customer_id = $1 AND j.type = ANY($2::text[])
     ORDER BY j.at DESC, j.seq DESC LIMIT $3`,
    [customerId, [...types], limit],
  );
}

/** An event that changed a customer's MRR (or carried money), for the indicators. */
export interface MoneyEventRow {
  at: Date;
  type: JournalEventType;
  customer_id: string | null;
  amount_cents: number | null;
  mrr_before_cents: number;
  mrr_after_cents: number;
}

/** The money events since `since` (included), oldest first. */
export async function moneyEventsSince(db: Database, since: Date): Promise<MoneyEventRow[]> {
  return db.query<MoneyEventRow>(
    `SELECT at, type, customer_id, amount_cents, mrr_before_cents, mrr_after_cents FROM journal
     WHERE at >= $1 AND mrr_before_cents IS NOT NULL AND mrr_after_cents IS NOT NULL
     ORDER BY at, seq`,
    [since],
  );
}

/** Trials started in [since, until), and which of their customers paid a checkout after. */
export async function trialCohort(
  db: Database,
  window: { since: Date; until: Date },
): Promise<{ started: number; converted: number }> {
  const [row] = await db.query<{ started: number; converted: number }>(
    `SELECT count(*)::int AS started,
       count(*) FILTER (WHERE EXISTS (
         SELECT 1 FROM journal paid WHERE paid.customer_id = t.customer_id
           AND paid.type = 'checkout_paid' AND paid.at >= t.at AND paid.at < $2))::int AS converted
     FROM journal t WHERE t.type = 'trial_started' AND t.at >= $1 AND t.at < $2`,
    [window.since, window.until],
  );
  return row ?? { started: 0, converted: 0 };
}

/**
 * What the last failed payment of each of these customers left owed, when no payment (a checkout
 * or a renewal) succeeded since; customers who owe nothing are absent.
 */
export async function owedByCustomer(
  db: Database,
  customerIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db.query<{ customer_id: string; type: string; amount_cents: number | null }>(
    `SELECT DISTINCT ON (customer_id) customer_id, type, amount_cents FROM journal
     WHERE customer_id = ANY($1::text[])
       AND type IN ('payment_failed', 'payment_succeeded', 'checkout_paid')
     ORDER BY customer_id, at DESC, seq DESC`,
    [[...customerIds]],
  );
  return new Map(
    rows
      .filter((row) => row.type === 'payment_failed')
      .map((row) => [row.customer_id, row.amount_cents ?? 0]),
  );
}
