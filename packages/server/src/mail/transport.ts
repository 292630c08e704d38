import nodemailer from 'nodemailer';
import type { RenderedMail } from './messages.ts';
import type { DeliveredVia } from './outbox.repo.ts';

export interface OutgoingMail extends RenderedMail {
  /** The outbox row's id, sent as the Message-ID so a resent mail reads as the same one. */
  id: string;
  to: string;
}

/** Where the worker hands mails. */
export interface MailTransport {
  readonly via: DeliveredVia;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** An SMTP refusal the server says is final (5xx): retrying would be refused again. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * SMTP through nodemailer (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`; its query
 * may set nodemailer's options). Bounded timeouts keep one attempt well within the worker's
 * claim, so no other replica takes the row while it is being sent.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url: options.url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    },
    { from: options.from },
  );
  const domain = (/@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'theme-portal.invalid').trim();
  return {
    via: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@${domain}>`,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * The sandbox mailbox: nothing leaves the server, the outbox row marked 'mailbox' is the mail,
 * shown at /sandbox/mailbox.
 */
export function createMailboxTransport(): MailTransport {
  return { via: 'mailbox', send: async () => {}, close: () => {} };
}
