import type { Database } from '../db/database.ts';

/** Provider events already handled (table `webhook_events`): a replayed id changes nothing. */
export async function webhookEventHandled(db: Database, id: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM webhook_events WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function recordWebhookEvent(
  db: Database,
  event: { id: string; type: string },
): Promise<void> {
  await db.query(
    'INSERT INTO webhook_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [event.id, event.type],
  );
}
