import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import {
  adminJson,
  customerJson,
  findAdminByEmail,
  findCustomerByEmail,
  normalizeEmail,
} from '../../accounts/accounts.repo.ts';
import {
  accountLockKey,
  addressLockKey,
  clearLoginFailures,
  lockedFor,
  recordLoginFailure,
} from '../../auth/login-attempts.repo.ts';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const { perAccount, perAddress, windowSeconds } = app.config.loginLimit;
  // Computed now, so the first unknown email is no slower than the next ones.
  await decoyHash();

  app.post<RouteOf<'/api/client/auth/login', 'post'>>('/api/client/auth/login', async (request) => {
    const email = normalizeEmail(request.body.email);
    const accountKey = accountLockKey(email);
    const addressKey = addressLockKey(request.ip);
    const wait = await lockedFor(
      app.db,
      [
        { key: accountKey, max: perAccount },
        { key: addressKey, max: perAddress },
      ],
      windowSeconds,
      app.now(),
    );
    if (wait !== undefined) throw tooManyRequests(wait);

    // Both tables every time, so a known and an unknown email cost the same queries.
    const [customer, admin] = await Promise.all([
      findCustomerByEmail(app.db, email),
      findAdminByEmail(app.db, email),
    ]);
    const account =
      customer !== undefined
        ? { kind: 'customer' as const, row: customer }
        : admin !== undefined
          ? { kind: 'admin' as const, row: admin }
          : undefined;
    // An unknown email costs one hash check too, and gets the very same answer.
    const valid = await verifyPassword(
      request.body.password,
      account?.row.password_hash ?? (await decoyHash()),
    );
    if (account === undefined || !valid) {
      await recordLoginFailure(app.db, [accountKey, addressKey], windowSeconds, app.now());
      throw unauthorized(messages.auth.invalidCredentials);
    }
    await clearLoginFailures(app.db, accountKey);
    const tokens = await app.tokens.issueSession(app.db, {
      kind: account.kind,
      id: account.row.id,
    });
    return account.kind === 'customer'
      ? { message: messages.auth.loginSuccess, customer: customerJson(account.row), tokens }
      : { message: messages.auth.loginSuccess, admin: adminJson(account.row), tokens };
  });
}
