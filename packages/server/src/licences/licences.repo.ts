import type { AnnounceChange } from '../cache/read-cache.ts';
import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';

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
}

/**
 * A licence row `l` as the rest of the code reads it: with its expiry. Every write that changes a
 * subscription's period announces the customer's licences (`mirrorIn`, `attachPaidSession`, the
 * sandbox's trial clock), so a kept list never shows an old date.
 */
const read = (from: string) =>
  `SELECT l.id, l.customer_id, l.custom_domain, l.shop_domain, l.theme_name, l.status,
     CASE WHEN l.expiry_fixed THEN l.expires_at ELSE s.current_period_end END AS expires_at,
     l.suspended_at, l.suspension_reason, l.last_seen_at, l.last_seen_host, l.last_seen_version
   FROM ${from} l LEFT JOIN subscriptions s ON s.customer_id = l.customer_id`;

/** A customer's licences, oldest first. */
export async function listLicences(db: Database, customerId: string): Promise<LicenceRow[]> {
  return db.query<LicenceRow>(
    `${read('licences')} WHERE l.customer_id = $1 ORDER BY l.created_at, l.id`,
    [customerId],
  );
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
    `UPDATE licences SET status = 'inactive'
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
    `UPDATE licences SET status = 'inactive' WHERE id IN (
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
    `UPDATE licences SET status = 'active' WHERE id IN (
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

export interface NewLicence {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  /** An admin's explicit expiry (null: none); undefined: the subscription's. */
  fixed_expiry: Date | null | undefined;
  created_at: Date;
}

/** The one licence insert (customer and admin creation): an active licence. */
export async function insertLicence(
  tx: Database,
  changed: AnnounceChange,
  licence: NewLicence,
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
      licence.created_at,
    ],
  );
  if (row === undefined) throw new Error('licence insert returned nothing');
  await changed({ type: 'licences', customerId: licence.customer_id });
  return row;
}

/** Changes the domains of a customer's own licence; undefined when it has no such licence. */
export async function updateLicenceDomains(
  tx: Database,
  changed: AnnounceChange,
  licence: { id: string; customer_id: string; custom_domain: string; shop_domain: string },
): Promise<LicenceRow | undefined> {
  const [row] = await tx.query<LicenceRow>(
    `WITH updated AS (
       UPDATE licences SET custom_domain = $3, shop_domain = $4
       WHERE id = $1 AND customer_id = $2 RETURNING *)
     ${read('updated')}`,
    [licence.id, licence.customer_id, licence.custom_domain, licence.shop_domain],
  );
  await changed({ type: 'licences', customerId: licence.customer_id });
  return row;
}

/**
 * Deletes a licence (only the customer's own when `customerId` is given); false when there was
 * none to delete.
 */
export async function deleteLicence(
  tx: Database,
  changed: AnnounceChange,
  id: string,
  customerId: string | null,
): Promise<boolean> {
  const [row] = await tx.query<{ customer_id: string }>(
    `DELETE FROM licences WHERE id = $1 AND ($2::text IS NULL OR customer_id = $2)
     RETURNING customer_id`,
    [id, customerId],
  );
  if (row === undefined) return false;
  await changed({ type: 'licences', customerId: row.customer_id });
  return true;
}

/** A suspension or a reinstatement by an admin, with its reason. */
export interface SuspensionChange {
  id: string;
  suspend: boolean;
  reason: string;
  admin_id: string;
  at: Date;
}

/**
 * Suspends or reinstates a licence and journals it (`licence_suspensions`); a licence already in
 * that state is answered unchanged, unjournaled. Undefined when there is no such licence.
 */
export async function setLicenceSuspension(
  tx: Database,
  changed: AnnounceChange,
  change: SuspensionChange,
): Promise<LicenceRow | undefined> {
  const [row] = change.suspend
    ? await tx.query<LicenceRow>(
        `WITH updated AS (
           UPDATE licences SET suspended_at = $2, suspension_reason = $3
           WHERE id = $1 AND suspended_at IS NULL RETURNING *)
         ${read('updated')}`,
        [change.id, change.at, change.reason],
      )
    : await tx.query<LicenceRow>(
        `WITH updated AS (
           UPDATE licences SET suspended_at = NULL, suspension_reason = NULL
           WHERE id = $1 AND suspended_at IS NOT NULL RETURNING *)
         ${read('updated')}`,
        [change.id],
      );
  if (row === undefined) return findLicence(tx, change.id);
  await tx.query(
    `INSERT INTO licence_suspensions (id, licence_id, action, reason, admin_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      newId(),
      change.id,
      change.suspend ? 'suspend' : 'reinstate',
      change.reason,
      change.admin_id,
      change.at,
    ],
  );
  await changed({ type: 'licences', customerId: row.customer_id });
  return row;
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
