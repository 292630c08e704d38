import type { Database } from '../db/database.ts';
import { recordMailQueued } from '../journal/journal.repo.ts';
import type { MailKind, MailPayloads } from './messages.ts';

/** Where a sent row went: an SMTP server, or the sandbox mailbox (the row itself is the mail). */
export type DeliveredVia = 'smtp' | 'mailbox';

/** One mail of the outbox (table `outbox`) and its delivery state. */
export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  payload: unknown;
  created_at: Date;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_error: string | null;
  delivered_via: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
}

export interface NewMail<K extends MailKind> {
  id: string;
  kind: K;
  recipient: string;
  payload: MailPayloads[K];
  created_at: Date;
}

/**
 * Queues a mail, due at once, and journals it (`mail_queued`: its kind, never its links); call
 * inside the transaction that decided to send it.
 */
export async function enqueueMail<K extends MailKind>(
  tx: Database,
  mail: NewMail<K>,
): Promise<void> {
  await tx.query(
    `INSERT INTO outbox (id, kind, recipient, payload, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [mail.id, mail.kind, mail.recipient, JSON.stringify(mail.payload), mail.created_at],
  );
  await recordMailQueued(tx, {
    id: mail.id,
    kind: mail.kind,
    recipient: mail.recipient,
    at: mail.created_at,
  });
}

/**
 * Claims up to `limit` due rows until `lockedUntil`, in one statement: `FOR UPDATE SKIP LOCKED`
 * lets two replicas claim at the same moment without taking the same row, and a claim left by a
 * process that died lapses at `lockedUntil`.
 */
export async function claimDueMails(
  db: Database,
  claim: { now: Date; lockedUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const rows = await db.query<OutboxRow>(
    `UPDATE outbox SET locked_until = $2
     WHERE id IN (
       SELECT id FROM outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
         AND (locked_until IS NULL OR locked_until <= $1)
       ORDER BY next_attempt_at, id
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     RETURNING *`,
    [claim.now, claim.lockedUntil, claim.limit],
  );
  return rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime());
}

export async function markMailSent(
  db: Database,
  id: string,
  sent: { via: DeliveredVia; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE outbox SET sent_at = $2, delivered_via = $3, attempts = attempts + 1,
       last_error = NULL, locked_until = NULL
     WHERE id = $1`,
    [id, sent.at, sent.via],
  );
}

/** A failed attempt: tried again at `retryAt`, or given up for good when it is null. */
export async function markMailAttemptFailed(
  db: Database,
  id: string,
  failure: { error: string; at: Date; retryAt: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE outbox SET attempts = attempts + 1, last_error = $2, locked_until = NULL,
       next_attempt_at = COALESCE($3, next_attempt_at),
       failed_at = CASE WHEN $3::timestamptz IS NULL THEN $4::timestamptz ELSE NULL END
     WHERE id = $1`,
    [id, failure.error, failure.retryAt, failure.at],
  );
}

/** The sandbox mailbox, newest first. */
export async function listMailbox(db: Database, limit: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `SELECT * FROM outbox WHERE delivered_via = 'mailbox'
     ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}

export async function findMailboxMail(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.query<OutboxRow>(
    `SELECT * FROM outbox WHERE id = $1 AND delivered_via = 'mailbox'`,
    [id],
  );
  return row;
}
