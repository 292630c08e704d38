import { messages } from '@portal/core';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireAccount } from '../../auth/guards.ts';
import { unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';

/** Refresh (rotation with reuse detection) and logout (revokes the session's family). */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  app.post<RouteOf<'/auth/refresh', 'post'>>('/auth/refresh', async (request) => {
    const tokens = await app.tokens.rotate(app.db, request.body.refreshToken);
    if (tokens === undefined) throw unauthorized(messages.http.refreshFailed);
    return tokens;
  });

  app.post<RouteOf<'/admin/auth/logout', 'post'>>(
    '/admin/auth/logout',
    { onRequest: requireAccount },
    async (request) => {
      await app.tokens.revokeFamily(app.db, accountOf(request).sessionId);
      return { message: messages.auth.logoutSuccess };
    },
  );
}
