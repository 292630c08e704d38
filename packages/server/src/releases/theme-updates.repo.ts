import type { Database } from '../db/database.ts';

/** A merged update waiting to be downloaded (table `theme_updates`): its row and its SQL. */
export interface ThemeUpdateRow {
  id: string;
  customer_id: string;
  report: unknown;
  filename: string;
  archive: Uint8Array;
  expires_at: Date;
}

/** Stores an update, first deleting every expired one (they are kept an hour at most). */
export async function insertThemeUpdate(
  db: Database,
  update: ThemeUpdateRow & { created_at: Date },
): Promise<void> {
  await db.query('DELETE FROM theme_updates WHERE expires_at <= $1', [update.created_at]);
  await db.query(
    `INSERT INTO theme_updates (id, customer_id, report, filename, archive, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      update.id,
      update.customer_id,
      JSON.stringify(update.report),
      update.filename,
      Buffer.from(update.archive),
      update.created_at,
      update.expires_at,
    ],
  );
}

/** A customer's update still waiting at `now`. */
export async function findThemeUpdate(
  db: Database,
  key: { id: string; customerId: string; now: Date },
): Promise<ThemeUpdateRow | undefined> {
  const [row] = await db.query<ThemeUpdateRow>(
    `SELECT id, customer_id, report, filename, archive, expires_at FROM theme_updates
     WHERE id = $1 AND customer_id = $2 AND expires_at > $3`,
    [key.id, key.customerId, key.now],
  );
  return row;
}
