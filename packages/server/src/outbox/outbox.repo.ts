import type { Database } from '../db/database.ts';

/** Mails the product would send (table `outbox`); no mail server here, so they wait in it. */
export async function enqueueMail(
  db: Database,
  mail: { id: string; kind: string; recipient: string; payload: unknown; created_at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO outbox (id, kind, recipient, payload, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [mail.id, mail.kind, mail.recipient, JSON.stringify(mail.payload), mail.created_at],
  );
}
