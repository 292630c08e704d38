import type { FastifyInstance } from 'fastify';
import type { AccountKind } from '../accounts/account-kind.ts';
import { recordEvent, type Actor } from '../journal/journal.repo.ts';
import { enqueueMail } from '../mail/index.ts';
import { insertPasswordReset } from './password-resets.repo.ts';
import { newId, randomToken, sha256 } from './tokens.ts';

/**
 * Mails an account a password reset link, one write with its journal entry
 * (`password_reset_sent`): the forgot-password form (by the account's owner) and the admin's
 * action on a customer (by the admin, with the reason). The link, a credential, never goes to the
 * log nor to the journal; the sandbox mailbox shows it when there is no SMTP server.
 */
export async function sendPasswordReset(
  app: Pick<FastifyInstance, 'db' | 'config' | 'now' | 'mail'>,
  account: { kind: AccountKind; id: string; email: string },
  by: { actor: Actor; reason?: string | null },
): Promise<void> {
  const token = randomToken();
  const link = `${app.config.publicOrigin}/reset-password?token=${token}`;
  const at = app.now();
  const expiresAt = new Date(at.getTime() + app.config.passwordResetSeconds * 1000);
  await app.db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      token_hash: sha256(token),
      account_kind: account.kind,
      account_id: account.id,
      expires_at: expiresAt,
      created_at: at,
    });
    // Sent by the mail worker (docs/operations.md, 'Mail').
    await enqueueMail(tx, {
      id: newId(),
      kind: 'password-reset',
      recipient: account.email,
      payload: {
        link,
        expiresAt: expiresAt.toISOString(),
        validMinutes: Math.round(app.config.passwordResetSeconds / 60),
      },
      created_at: at,
    });
    await recordEvent(tx, {
      type: 'password_reset_sent',
      at,
      actor: by.actor,
      customer_id: account.kind === 'customer' ? account.id : null,
      reason: by.reason ?? null,
      details: { account_kind: account.kind, expires_at: expiresAt.toISOString() },
    });
  });
  app.mail.wake();
}
