import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireAccount } from '../../auth/guards.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { spendBudget } from '../../limits/request-budgets.repo.ts';

/** Refresh (rotation with reuse detection) and logout (revokes the session's family). */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { perAddress, windowSeconds } = app.config.refreshLimit;
  app.post<RouteOf<'/auth/refresh', 'post'>>('/auth/refresh', async (request) => {
    // Every refresh counts (a browser needs one per quarter hour): bounds the work one address
    // can cause, whether its tokens are good or not.
    const budget = { key: `refresh:${request.ip}`, max: perAddress, windowSeconds };
    const wait = await spendBudget(app.db, budget, app.now());
    if (wait !== undefined) throw tooManyRequests(wait);
    const tokens = await app.tokens.rotate(app.db, request.body.refreshToken);
    if (tokens === undefined) throw unauthorized(messages.http.refreshFailed);
    return tokens;
  });

  app.post<RouteOf<'/admin/auth/logout', 'post'>>(
    '/admin/auth/logout',
    { onRequest: requireAccount },
    async (request) => {
      await app.tokens.revoke(app.db, { familyId: accountOf(request).sessionId });
      return { message: messages.auth.logoutSuccess };
    },
  );
}
