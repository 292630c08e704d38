import { messages, validatePasswordChange } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import {
  findAccountById,
  findAdminByEmail,
  findCustomerByEmail,
  normalizeEmail,
  setPasswordHash,
} from '../../accounts/accounts.repo.ts';
import { checkCurrentPassword } from '../../auth/current-password.ts';
import { accountOf, requireAccount } from '../../auth/guards.ts';
import { accountLockKey, clearLoginFailures } from '../../auth/login-attempts.repo.ts';
import { sendPasswordReset } from '../../auth/password-reset.ts';
import { claimPasswordReset } from '../../auth/password-resets.repo.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeRefreshTokens } from '../../auth/refresh-tokens.repo.ts';
import { sha256 } from '../../auth/tokens.ts';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { spendBudget } from '../../limits/request-budgets.repo.ts';

/** Forgot, reset and change password. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  app.post<RouteOf<'/admin/auth/forgot-password', 'post'>>(
    '/admin/auth/forgot-password',
    async (request) => {
      const { email } = request.body;
      const { perAccount, windowSeconds } = app.config.loginLimit;
      // Counted per address, so nobody floods an inbox (or the outbox) with links.
      const budget = { key: `reset:${request.ip}`, max: perAccount, windowSeconds };
      const wait = await spendBudget(app.db, budget, app.now());
      if (wait !== undefined) throw tooManyRequests(wait);

      const customer = await findCustomerByEmail(app.db, email);
      const admin = customer === undefined ? await findAdminByEmail(app.db, email) : undefined;
      const account = customer
        ? { kind: 'customer' as const, row: customer }
        : admin
          ? { kind: 'admin' as const, row: admin }
          : undefined;
      if (account !== undefined) {
        const { id, email: recipient } = account.row;
        await sendPasswordReset(
          app,
          { kind: account.kind, id, email: recipient },
          { actor: { kind: account.kind, id } },
        );
        request.log.info({ recipient }, 'password reset link queued');
      }
      // The same answer whether or not the account exists.
      return { message: messages.auth.resetLinkSent };
    },
  );

  app.post<RouteOf<'/admin/auth/reset-password', 'post'>>(
    '/admin/auth/reset-password',
    async (request) => {
      // docs/product.md#new-passwords: the contract's NewPassword (core's rule) checked the password.
      const { token, password } = request.body;
      const invalid = badRequest(
        { token: messages.auth.resetTokenInvalid },
        messages.auth.resetTokenInvalid,
      );
      const passwordHash = await hashPassword(password);
      const email = await app.readCache.write(app.db, async (tx, changed) => {
        const account = await claimPasswordReset(tx, sha256(token), app.now());
        if (account === undefined) return undefined;
        const updated = await setPasswordHash(tx, account, passwordHash);
        // Whoever knew the old password is logged out everywhere.
        await revokeRefreshTokens(tx, changed, { account }, app.now());
        return updated ?? '';
      });
      if (email === undefined) throw invalid;
      // The mailbox owner proved who they are: failed guesses by others no longer lock them out.
      await clearLoginFailures(app.db, accountLockKey(normalizeEmail(email)));
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
      const row = await findAccountById(app.db, account);
      if (row === undefined) throw unauthorized();
      const check = await checkCurrentPassword(
        app.db,
        app.config.loginLimit,
        app.now,
        row,
        request.body.current_password,
      );
      if (check.outcome === 'locked') throw tooManyRequests(check.retryAfter);
      if (check.outcome === 'wrong') {
        throw unauthorized(messages.password.currentIncorrect);
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await app.readCache.write(app.db, async (tx, changed) => {
        await setPasswordHash(tx, account, passwordHash);
        // Other sessions end; the one that changed the password goes on.
        await revokeRefreshTokens(
          tx,
          changed,
          { account, exceptFamilyId: account.sessionId },
          app.now(),
        );
      });
      return { message: messages.password.changeSuccess };
    },
  );
}
