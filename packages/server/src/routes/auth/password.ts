import { messages, validatePasswordChange } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findAdminByEmail, findCustomerByEmail, normalizeEmail } from '../../accounts/customers.ts';
import { accountOf, requireAccount } from '../../auth/guards.ts';
import {
  accountLimitKey,
  clearFailures,
  recordFailure,
  retryAfterSeconds,
} from '../../auth/login-limit.ts';
import { newPasswordError } from '../../auth/password-rules.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { newId, randomToken, sha256, type AccountKind } from '../../auth/tokens.ts';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';

const tableOf = (kind: AccountKind) => (kind === 'customer' ? 'customers' : 'admins');

/** Forgot, reset and change password. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  app.post<RouteOf<'/admin/auth/forgot-password', 'post'>>(
    '/admin/auth/forgot-password',
    async (request) => {
      const { email } = request.body;
      const { perAccount, windowSeconds } = app.config.loginLimit;
      // Counted per address, so nobody floods an inbox (or the outbox) with links.
      const key = `reset:${request.ip}`;
      const wait = await retryAfterSeconds(
        app.db,
        [{ key, max: perAccount }],
        windowSeconds,
        app.now(),
      );
      if (wait !== undefined) throw tooManyRequests(wait);
      await recordFailure(app.db, [key], windowSeconds, app.now());

      const customer = await findCustomerByEmail(app.db, email);
      const admin = customer === undefined ? await findAdminByEmail(app.db, email) : undefined;
      const account = customer
        ? { kind: 'customer' as const, row: customer }
        : admin
          ? { kind: 'admin' as const, row: admin }
          : undefined;
      if (account !== undefined) {
        const token = randomToken();
        const link = `${app.config.publicOrigin}/reset-password?token=${token}`;
        const expiresAt = new Date(app.now().getTime() + app.config.passwordResetSeconds * 1000);
        await app.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO password_resets (token_hash, account_kind, account_id, expires_at, created_at)
             VALUES ($1, $2, $3, $4, $5)`,
            [sha256(token), account.kind, account.row.id, expiresAt, app.now()],
          );
          // No mail server here: the mail waits in the outbox and the link goes to the log.
          await tx.query(
            `INSERT INTO outbox (id, kind, recipient, payload, created_at)
             VALUES ($1, 'password-reset', $2, $3, $4)`,
            [newId(), account.row.email, JSON.stringify({ link, expiresAt }), app.now()],
          );
        });
        // The link is a credential: printed only for a local (http) portal, where the log
        // stands in for the mail; a public one keeps it in the outbox alone.
        const local = !app.config.publicOrigin.startsWith('https:');
        request.log.info(
          { recipient: account.row.email, ...(local ? { link } : {}) },
          'password reset link',
        );
      }
      // The same answer whether or not the account exists.
      return { message: messages.auth.resetLinkSent };
    },
  );

  app.post<RouteOf<'/admin/auth/reset-password', 'post'>>(
    '/admin/auth/reset-password',
    async (request) => {
      const { token, password } = request.body;
      const rule = newPasswordError(password);
      if (rule !== undefined) throw badRequest({ password: rule });
      const invalid = badRequest(
        { token: messages.auth.resetTokenInvalid },
        messages.auth.resetTokenInvalid,
      );
      const account = await app.db.transaction(async (tx) => {
        // Single use: the UPDATE claims the token, so two concurrent resets cannot both pass.
        const [row] = await tx.query<{ account_kind: AccountKind; account_id: string }>(
          `UPDATE password_resets SET used_at = $2
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
           RETURNING account_kind, account_id`,
          [sha256(token), app.now()],
        );
        if (row === undefined) return undefined;
        const [updated] = await tx.query<{ email: string }>(
          `UPDATE ${tableOf(row.account_kind)} SET password_hash = $2 WHERE id = $1 RETURNING email`,
          [row.account_id, await hashPassword(password)],
        );
        return { kind: row.account_kind, id: row.account_id, email: updated?.email ?? '' };
      });
      if (account === undefined) throw invalid;
      // The mailbox owner proved who they are: failed guesses by others no longer lock them out.
      await clearFailures(app.db, accountLimitKey(normalizeEmail(account.email)));
      // Whoever knew the old password is logged out everywhere.
      await app.tokens.revokeAccount(app.db, account);
      return { message: messages.auth.resetSuccess };
    },
  );

  app.put<RouteOf<'/api/client/auth/change-password', 'put'>>(
    '/api/client/auth/change-password',
    { onRequest: requireAccount },
    async (request) => {
      const account = accountOf(request);
      const result = validatePasswordChange(request.body);
      if (!result.success) throw badRequest(result.errors as Record<string, string>);
      const [row] = await app.db.query<{ password_hash: string }>(
        `SELECT password_hash FROM ${tableOf(account.kind)} WHERE id = $1`,
        [account.id],
      );
      if (
        row === undefined ||
        !(await verifyPassword(request.body.current_password, row.password_hash))
      ) {
        throw unauthorized(messages.password.currentIncorrect);
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await app.readCache.write(app.db, async (tx, changed) => {
        await tx.query(`UPDATE ${tableOf(account.kind)} SET password_hash = $2 WHERE id = $1`, [
          account.id,
          passwordHash,
        ]);
        // Other sessions end; the one that changed the password goes on.
        await tx.query(
          `UPDATE refresh_tokens SET revoked_at = $4
           WHERE account_kind = $1 AND account_id = $2 AND family_id <> $3 AND revoked_at IS NULL`,
          [account.kind, account.id, account.sessionId, app.now()],
        );
        // The session going on is forgotten too: it is simply read again.
        await changed({ type: 'sessions', kind: account.kind, id: account.id });
      });
      return { message: messages.password.changeSuccess };
    },
  );
}
