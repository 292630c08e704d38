import type { AnnounceChange } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';

/** Licences (table `licences`): their row and their SQL; the rules are in `licences.ts`. */
export interface LicenceRow {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  status: string;
  expires_at: Date | null;
}

const columns = 'id, customer_id, custom_domain, shop_domain, theme_name, status, expires_at';

/** A customer's licences, oldest first. */
export async function listLicences(db: Database, customerId: string): Promise<LicenceRow[]> {
  return db.query<LicenceRow>(
    `SELECT ${columns} FROM licences WHERE customer_id = $1 ORDER BY created_at, id`,
    [customerId],
  );
}

export async function findLicence(db: Database, id: string): Promise<LicenceRow | undefined> {
  const [row] = await db.query<LicenceRow>(`SELECT ${columns} FROM licences WHERE id = $1`, [id]);
  return row;
}

export async function licenceOwnedBy(
  db: Database,
  id: string,
  customerId: string,
): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM licences WHERE id = $1 AND customer_id = $2', [
    id,
    customerId,
  ]);
  return rows.length > 0;
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

export async function countLicences(db: Database, customerId: string): Promise<number> {
  const [row] = await db.query<{ used: number }>(
    'SELECT count(*)::int AS used FROM licences WHERE customer_id = $1',
    [customerId],
  );
  return row?.used ?? 0;
}

export interface NewLicence {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  expires_at: Date | null;
  created_at: Date;
}

/** The one licence insert (customer and admin creation): an active licence. */
export async function insertLicence(
  tx: Database,
  changed: AnnounceChange,
  licence: NewLicence,
): Promise<LicenceRow> {
  const [row] = await tx.query<LicenceRow>(
    `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status,
       expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, 'active', $6, $7) RETURNING ${columns}`,
    [
      licence.id,
      licence.customer_id,
      licence.custom_domain,
      licence.shop_domain,
      licence.theme_name,
      licence.expires_at,
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
    `UPDATE licences SET custom_domain = $3, shop_domain = $4
     WHERE id = $1 AND customer_id = $2 RETURNING ${columns}`,
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
