import type { Database } from '../db/database.ts';
import { renderMail } from './messages.ts';
import {
  claimDueMails,
  markMailAttemptFailed,
  markMailSent,
  type OutboxRow,
} from './outbox.repo.ts';
import { isPermanentFailure, type MailTransport } from './transport.ts';

/** The few logger methods the worker writes with (Fastify's logger, or a test's). */
export interface MailLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Retry policy (docs/operations.md, 'Mail'). */
export const mailRetry = {
  /** Tries in all, the first included; then the row is marked failed. */
  maxAttempts: 10,
  firstDelaySeconds: 30,
  maxDelaySeconds: 3600,
};

/** Wait after the n-th failed attempt: 30 s, doubling, at most one hour. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(
    mailRetry.firstDelaySeconds * 2 ** Math.max(0, failedAttempts - 1),
    mailRetry.maxDelaySeconds,
  );
}

export interface MailWorkerOptions {
  db: Database;
  /** Undefined: no way to deliver (no SMTP_URL, sandbox off); mails wait in the outbox. */
  transport: MailTransport | undefined;
  now: () => Date;
  log: MailLog;
  /** Rows claimed per round. */
  batchSize?: number;
  /** How long a claim holds: longer than one attempt's timeouts (see createSmtpTransport). */
  lockSeconds?: number;
  /** Polling period once started (retries fall due without anybody waking the worker). */
  pollSeconds?: number;
}

export interface MailWorker {
  /** Claims one batch of due mails and tries each once; answers how many it tried. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due; answers how many mails it tried. */
  drain(): Promise<number>;
  /** A mail was just queued: drain now rather than at the next poll (only once started). */
  wake(): void;
  /** Polls every `pollSeconds` (the server starts it once listening). */
  start(): void;
  /** Stops polling and waits for the round under way. */
  stop(): Promise<void>;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, now, log } = options;
  const batchSize = options.batchSize ?? 10;
  const lockSeconds = options.lockSeconds ?? 5 * 60;
  const pollSeconds = options.pollSeconds ?? 30;

  async function attempt(row: OutboxRow, delivery: MailTransport): Promise<void> {
    const fields = { mail: row.id, kind: row.kind, recipient: row.recipient };
    let unrenderable = true;
    try {
      const rendered = renderMail(row);
      unrenderable = false;
      await delivery.send({ id: row.id, to: row.recipient, ...rendered });
    } catch (error) {
      const tries = row.attempts + 1;
      // A row no template can render (a kind this version does not know) never will.
      const final = tries >= mailRetry.maxAttempts || unrenderable || isPermanentFailure(error);
      const at = now();
      const retryAt = final ? null : new Date(at.getTime() + retryDelaySeconds(tries) * 1000);
      await markMailAttemptFailed(db, row.id, { error: describe(error), at, retryAt });
      if (retryAt === null) {
        log.error({ ...fields, attempts: tries, error: describe(error) }, 'mail given up');
      } else {
        log.warn(
          { ...fields, attempts: tries, retryAt, error: describe(error) },
          'mail retried later',
        );
      }
      return;
    }
    await markMailSent(db, row.id, { via: delivery.via, at: now() });
    log.info({ ...fields, via: delivery.via }, 'mail delivered');
  }

  async function runOnce(): Promise<number> {
    if (transport === undefined) return 0;
    const at = now();
    const rows = await claimDueMails(db, {
      now: at,
      lockedUntil: new Date(at.getTime() + lockSeconds * 1000),
      limit: batchSize,
    });
    for (const row of rows) await attempt(row, transport);
    return rows.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let tried = await runOnce(); tried > 0; tried = await runOnce()) total += tried;
    return total;
  }

  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;

  function tick(): void {
    if (round !== undefined) {
      again = true;
      return;
    }
    round = drain()
      .then(
        () => undefined,
        (error: unknown) => log.error({ error: describe(error) }, 'mail round failed'),
      )
      .finally(() => {
        round = undefined;
        if (again && timer !== undefined) {
          again = false;
          tick();
        }
      });
  }

  return {
    runOnce,
    drain,
    wake: () => {
      if (timer !== undefined) tick();
    },
    start() {
      if (timer !== undefined) return;
      if (transport === undefined) {
        log.warn({}, 'no SMTP_URL and the sandbox is off: mails wait in the outbox');
      }
      timer = setInterval(tick, pollSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await round;
      transport?.close();
    },
  };
}
