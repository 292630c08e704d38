import { licencesFoundAt, type Search } from '../back-office/search.repo.ts';
import type { AnnounceChange } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';
import { recordEvent, type Actor, type JournalEventType } from '../journal/journal.repo.ts';

/** Licences (table `licences`): their row and their SQL; the rules are in `licences.ts`. */
export interface LicenceRow {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  status: string;
  /**
   * An admin's explicit expiry, else the customer's subscription's period end (a trial's is
   * its end): read with the subscription, never copied (migrations/008_licence_expiry.sql).
   */
  expires_at: Date | null;
  suspended_at: Date | null;
  suspension_reason: string | null;
  last_seen_at: Date | null;
  last_seen_host: string | null;
  last_seen_version: string | null;
  /** Moves on with every change but the theme's reports (an admin's write names the one it read). */
  version: number;
  created_at: Date;
}

/**
 * A licence row `l` as the rest of the code reads it: with its expiry. Every write that changes a
 * subscription's period announces the customer's licences (`mirrorIn`, `attachPaidSession`, the
 * sandbox's trial clock), so a kept list never shows an old date.
 */
const read = (from: string) =>
  `SELECT l.id, l.customer_id, l.custom_domain, l.shop_domain, l.theme_name, l.status,
     CASE WHEN l.expiry_fixed THEN l.expires_at ELSE s.current_period_end END AS expires_at,
     l.suspended_at, l.suspension_reason, l.last_seen_at, l.last_seen_host, l.last_seen_version,
     l.version, l.created_at
   FROM ${from} l LEFT JOIN subscriptions s ON s.customer_id = l.customer_id`;

/** A customer's licences, oldest first. */
export async function listLicences(db: Database, customerId: string): Promise<LicenceRow[]> {
  return db.query<LicenceRow>(
    `${read('licences')} WHERE l.customer_id = $1 ORDER BY l.created_at, l.id`,
    [customerId],
  );
}

/** A licence as the back office lists it: with its customer's email. */
export interface AdminLicenceRow extends LicenceRow {
  customer_email: string;
}

/** Licences a search finds (every one without), newest first, a page, and how many there are. */
export async function searchLicences(
  db: Database,
  query: { search: Search | undefined; limit: number; offset: number },
): Promise<{ rows: AdminLicenceRow[]; total: number }> {
  const [prefix, , exact] = query.search?.params ?? [];
  const params: unknown[] = query.search === undefined ? [] : [prefix, exact];
  const found = query.search === undefined ? '' : `WHERE l.id IN (${licencesFoundAt('$1', '$2')})`;
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM licences l ${found}`,
    params,
  );
  const rows = await db.query<AdminLicenceRow>(
    `SELECT licence.*, c.email AS customer_email
     FROM (${read('licences')} ${found}
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}) licence
       JOIN customers c ON c.id = licence.customer_id
     ORDER BY licence.created_at DESC, licence.id DESC`,
    [...params, query.limit, query.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

export async function findLicence(db: Database, id: string): Promise<LicenceRow | undefined> {
  const [row] = await db.query<LicenceRow>(`${read('licences')} WHERE l.id = $1`, [id]);
  return row;
}

export async function customDomainTaken(
  db: Database,
  customDomain: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM licences WHERE custom_domain = $1 AND ($2::text IS NULL OR id <> $2)',
    [customDomain, exceptId],
  );
  return rows.length > 0;
}

/** The licences counted against the plan's limit: the active ones (a downgrade leaves others). */
export async function countActiveLicences(db: Database, customerId: string): Promise<number> {
  const [row] = await db.query<{ used: number }>(
    `SELECT count(*)::int AS used FROM licences WHERE customer_id = $1 AND status = 'active'`,
    [customerId],
  );
  return row?.used ?? 0;
}

/** Which of `ids` are this customer's active licences. */
export async function ownActiveLicenceIds(
  db: Database,
  customerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM licences WHERE customer_id = $1 AND status = 'active' AND id = ANY($2::text[])`,
    [customerId, [...ids]],
  );
  return rows.map((row) => row.id);
}

/**
 * Makes every active licence of the customer not in `keep` inactive (kept, never deleted);
 * answers the custom domains it deactivated.
 */
export async function deactivateLicencesExcept(
  tx: Database,
  changed: AnnounceChange,
  customerId: string,
  keep: readonly string[],
): Promise<string[]> {
  const rows = await tx.query<{ custom_domain: string }>(
    `UPDATE licences SET status = 'inactive', version = version + 1
     WHERE customer_id = $1 AND status = 'active' AND NOT (id = ANY($2::text[]))
     RETURNING custom_domain`,
    [customerId, [...keep]],
  );
  if (rows.length > 0) await changed({ type: 'licences', customerId });
  return rows.map((row) => row.custom_domain).sort();
}

/**
 * Keeps at most `limit` licences active, the oldest; the newer ones become inactive (a plan
 * lowered outside the guard, e.g. in the provider's own portal). Answers their custom domains.
 */
export async function deactivateNewestBeyond(
  tx: Database,
  changed: AnnounceChange,
  customerId: string,
  limit: number,
): Promise<string[]> {
  const rows = await tx.query<{ custom_domain: string }>(
    `UPDATE licences SET status = 'inactive', version = version + 1 WHERE id IN (
       SELECT id FROM licences WHERE customer_id = $1 AND status = 'active'
       ORDER BY created_at, id OFFSET $2)
     RETURNING custom_domain`,
    [customerId, limit],
  );
  if (rows.length > 0) await changed({ type: 'licences', customerId });
  return rows.map((row) => row.custom_domain).sort();
}

/**
 * Makes inactive licences active again, oldest first, until `limit` are active (an upgrade gives
 * back what a downgrade set aside); answers how many.
 */
export async function reactivateLicencesUpTo(
  tx: Database,
  changed: AnnounceChange,
  customerId: string,
  limit: number,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE licences SET status = 'active', version = version + 1 WHERE id IN (
       SELECT id FROM licences WHERE customer_id = $1 AND status = 'inactive'
       ORDER BY created_at, id
       LIMIT greatest(0, $2 - (SELECT count(*) FROM licences
                               WHERE customer_id = $1 AND status = 'active')))
     RETURNING id`,
    [customerId, limit],
  );
  if (rows.length > 0) await changed({ type: 'licences', customerId });
  return rows.length;
}

/** Who writes a licence, why, and what it read (docs/product.md#back-office). */
export interface LicenceWrite {
  actor: Actor;
  at: Date;
  reason?: string | null;
}

/** A licence's event in the journal, with its customer and its domains. */
async function journal(
  tx: Database,
  type: JournalEventType,
  row: Pick<LicenceRow, 'id' | 'customer_id' | 'custom_domain' | 'shop_domain'>,
  write: LicenceWrite,
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(tx, {
    type,
    at: write.at,
    actor: write.actor,
    customer_id: row.customer_id,
    licence_id: row.id,
    reason: write.reason ?? null,
    details: { custom_domain: row.custom_domain, shop_domain: row.shop_domain, ...details },
  });
}

/** The licence, locked until the write's transaction ends: the state a write checks. */
export async function lockLicence(tx: Database, id: string): Promise<LicenceRow | undefined> {
  const [row] = await tx.query<LicenceRow>(`${read('licences')} WHERE l.id = $1 FOR UPDATE OF l`, [
    id,
  ]);
  return row;
}

export interface NewLicence {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  /** An admin's explicit expiry (null: none); undefined: the subscription's. */
  fixed_expiry: Date | null | undefined;
}

/** The one licence insert (customer and admin creation): an active licence, journaled. */
export async function insertLicence(
  tx: Database,
  changed: AnnounceChange,
  licence: NewLicence,
  write: LicenceWrite,
): Promise<LicenceRow> {
  const [row] = await tx.query<LicenceRow>(
    `WITH inserted AS (
       INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status,
         expiry_fixed, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8) RETURNING *)
     ${read('inserted')}`,
    [
      licence.id,
      licence.customer_id,
      licence.custom_domain,
      licence.shop_domain,
      licence.theme_name,
      licence.fixed_expiry !== undefined,
      licence.fixed_expiry ?? null,
      write.at,
    ],
  );
  if (row === undefined) throw new Error('licence insert returned nothing');
  await journal(tx, 'licence_created', row, write);
  await changed({ type: 'licences', customerId: licence.customer_id });
  await changed({ type: 'shops', shops: [row.shop_domain] });
  return row;
}

/** New domains for a locked licence (`lockLicence`), journaled with the ones it had. */
export async function updateLicenceDomains(
  tx: Database,
  changed: AnnounceChange,
  before: LicenceRow,
  domains: { custom_domain: string; shop_domain: string },
  write: LicenceWrite,
): Promise<LicenceRow> {
  const [row] = await tx.query<LicenceRow>(
    `WITH updated AS (
       UPDATE licences SET custom_domain = $2, shop_domain = $3, version = version + 1
       WHERE id = $1 RETURNING *)
     ${read('updated')}`,
    [before.id, domains.custom_domain, domains.shop_domain],
  );
  if (row === undefined) throw new Error(`licence ${before.id} vanished while locked`);
  await journal(tx, 'licence_edited', row, write, {
    from_custom_domain: before.custom_domain,
    from_shop_domain: before.shop_domain,
  });
  await changed({ type: 'licences', customerId: row.customer_id });
  await changed({ type: 'shops', shops: [before.shop_domain, row.shop_domain] });
  return row;
}

/** Deletes a locked licence (`lockLicence`), journaled. */
export async function deleteLicence(
  tx: Database,
  changed: AnnounceChange,
  row: LicenceRow,
  write: LicenceWrite,
): Promise<void> {
  await tx.query('DELETE FROM licences WHERE id = $1', [row.id]);
  await journal(tx, 'licence_deleted', row, write);
  await changed({ type: 'licences', customerId: row.customer_id });
  await changed({ type: 'shops', shops: [row.shop_domain] });
}

/**
 * Suspends or reinstates a locked licence (`lockLicence`) with the write's reason, journaled
 * with its admin. The caller has checked it is not in that state already.
 */
export async function setLicenceSuspension(
  tx: Database,
  changed: AnnounceChange,
  row: LicenceRow,
  change: LicenceWrite & { suspend: boolean; reason: string },
): Promise<LicenceRow> {
  const [updated] = await tx.query<LicenceRow>(
    `WITH updated AS (
       UPDATE licences SET suspended_at = $2, suspension_reason = $3, version = version + 1
       WHERE id = $1 RETURNING *)
     ${read('updated')}`,
    [row.id, change.suspend ? change.at : null, change.suspend ? change.reason : null],
  );
  if (updated === undefined) throw new Error(`licence ${row.id} vanished while locked`);
  await journal(tx, change.suspend ? 'licence_suspended' : 'licence_reinstated', row, change);
  await changed({ type: 'licences', customerId: row.customer_id });
  return updated;
}

/**
 * Moves a locked licence (`lockLicence`) to another shop, journaled with both: what the theme
 * reported on the old shop is forgotten, and the verification answers for both shops anew.
 */
export async function transferLicenceShop(
  tx: Database,
  changed: AnnounceChange,
  row: LicenceRow,
  change: LicenceWrite & { shop_domain: string },
): Promise<LicenceRow> {
  const [updated] = await tx.query<LicenceRow>(
    `WITH updated AS (
       UPDATE licences SET shop_domain = $2, last_seen_at = NULL, last_seen_host = NULL,
         last_seen_version = NULL, version = version + 1
       WHERE id = $1 RETURNING *)
     ${read('updated')}`,
    [row.id, change.shop_domain],
  );
  if (updated === undefined) throw new Error(`licence ${row.id} vanished while locked`);
  await journal(tx, 'licence_transferred', row, change, {
    from_shop_domain: row.shop_domain,
    to_shop_domain: change.shop_domain,
  });
  await changed({ type: 'licences', customerId: row.customer_id });
  await changed({ type: 'shops', shops: [row.shop_domain, change.shop_domain] });
  return updated;
}

/** What a successful check from the shop's published theme reports. */
export interface Sighting {
  id: string;
  at: Date;
  host: string;
  version: string | null;
}

/**
 * Records a sighting unless one was recorded less than `intervalSeconds` before (another
 * replica's, say): answers whether it wrote.
 */
export async function recordLicenceSighting(
  tx: Database,
  changed: AnnounceChange,
  sighting: Sighting,
  intervalSeconds: number,
): Promise<boolean> {
  const [row] = await tx.query<{ customer_id: string }>(
    `UPDATE licences SET last_seen_at = $2, last_seen_host = $3, last_seen_version = $4
     WHERE id = $1
       AND (last_seen_at IS NULL OR last_seen_at <= $2::timestamptz - make_interval(secs => $5))
     RETURNING customer_id`,
    [sighting.id, sighting.at, sighting.host, sighting.version, intervalSeconds],
  );
  if (row === undefined) return false;
  await changed({ type: 'sighting', customerId: row.customer_id });
  return true;
}
