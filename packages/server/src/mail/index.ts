import type { ServerConfig } from '../config.ts';
import { sandboxEnabled } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createMailboxTransport, createSmtpTransport, type MailTransport } from './transport.ts';
import { createMailWorker, type MailLog, type MailWorker } from './worker.ts';

export { enqueueMail } from './outbox.repo.ts';
export type { MailKind, MailPayloads } from './messages.ts';
export type { MailWorker } from './worker.ts';

/**
 * SMTP when `SMTP_URL` is set; otherwise the sandbox mailbox, which exists only while the
 * sandbox provider does (docs/operations.md, 'Mail'); otherwise none, and mails wait.
 */
export function mailTransportFor(
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'stripeSecretKey'>,
): MailTransport | undefined {
  if (config.smtpUrl !== undefined) {
    return createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom });
  }
  return sandboxEnabled(config) ? createMailboxTransport() : undefined;
}

/** The app's delivery worker over its database and clock. */
export function createMailer(options: {
  db: Database;
  config: ServerConfig;
  now: () => Date;
  log: MailLog;
}): MailWorker {
  return createMailWorker({
    db: options.db,
    transport: mailTransportFor(options.config),
    now: options.now,
    log: options.log,
  });
}
