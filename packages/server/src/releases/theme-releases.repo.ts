import type { Database } from '../db/database.ts';

/**
 * The theme's releases (table `theme_releases`) and the mails announcing them
 * (`theme_release_mails`): their rows and their SQL (docs/product.md, 'Theme releases').
 */
export interface ReleaseRow {
  version: string;
  released_at: Date;
  notes: string;
  filename: string;
  size: number;
  sha256: string;
  /** The publishing admin's email; null for a version seeded from the theme package. */
  published_by: string | null;
  downloads: number;
}

export interface NewRelease {
  version: string;
  released_at: Date;
  notes: string;
  filename: string;
  archive: Uint8Array;
  sha256: string;
  published_by: string | null;
}

/**
 * The advisory-lock key under which releases are added (the start-up's seed, a publication):
 * replicas starting together seed once, two publications never both pass 'newer than the latest'.
 */
const RELEASES_LOCK_KEY = '8361027546913382107';

/** Takes the releases' lock until the transaction `tx` ends. */
export async function lockReleases(tx: Database): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [RELEASES_LOCK_KEY]);
}

const columns = `r.version, r.released_at, r.notes, r.filename, r.size, r.sha256,
  a.email AS published_by, r.downloads::int AS downloads`;

/** Every release (no archive), in no particular order: versions sort in code. */
export async function listReleases(db: Database): Promise<ReleaseRow[]> {
  return db.query<ReleaseRow>(
    `SELECT ${columns} FROM theme_releases r LEFT JOIN admins a ON a.id = r.published_by`,
  );
}

/** A release's archive by its version. */
export async function releaseArchiveOf(
  db: Database,
  version: string,
): Promise<Uint8Array | undefined> {
  const [row] = await db.query<{ archive: Uint8Array }>(
    'SELECT archive FROM theme_releases WHERE version = $1',
    [version],
  );
  return row?.archive;
}

/** Stores a release; false when its version is already stored (nothing changes then). */
export async function insertRelease(db: Database, release: NewRelease): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO theme_releases (version, released_at, notes, filename, size, sha256, archive,
       published_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (version) DO NOTHING RETURNING version`,
    [
      release.version,
      release.released_at,
      release.notes,
      release.filename,
      release.archive.length,
      release.sha256,
      Buffer.from(release.archive),
      release.published_by,
    ],
  );
  return rows.length > 0;
}

/** Adds downloads counted in memory (releases/download-counter.ts). */
export async function addDownloads(db: Database, version: string, count: number): Promise<void> {
  await db.query('UPDATE theme_releases SET downloads = downloads + $2 WHERE version = $1', [
    version,
    count,
  ]);
}

/** Licensed shops by the version their published theme last reported (the admin's list). */
export async function shopsByReportedVersion(db: Database): Promise<Map<string, number>> {
  const rows = await db.query<{ version: string; shops: number }>(
    `SELECT last_seen_version AS version, count(DISTINCT shop_domain)::int AS shops
     FROM licences WHERE last_seen_version IS NOT NULL GROUP BY last_seen_version`,
  );
  return new Map(rows.map((row) => [row.version, row.shops]));
}

/**
 * Customers who may hear of a release: a subscription, and the release mails not turned off
 * (`preferences.theme_update_emails`, on when never set). Who has access is judged by the
 * caller with core's status rules, not here.
 */
export async function releaseMailCandidates(db: Database): Promise<
  {
    id: string;
    email: string;
    status: string;
    trial_end: Date | null;
    cancel_at_period_end: boolean;
    current_period_end: Date | null;
  }[]
> {
  return db.query(
    `SELECT c.id, c.email, s.status, s.trial_end, s.cancel_at_period_end, s.current_period_end
     FROM customers c JOIN subscriptions s ON s.customer_id = c.id
     WHERE COALESCE((c.preferences ->> 'theme_update_emails')::boolean, true)
     ORDER BY c.id`,
  );
}

/** Claims the release mail of one customer: false when it was queued already. */
export async function claimReleaseMail(
  db: Database,
  claim: { version: string; customerId: string; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO theme_release_mails (version, customer_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING version`,
    [claim.version, claim.customerId, claim.at],
  );
  return rows.length > 0;
}
