import { accessRefusal, givesAccess } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { statusOf } from '../../subscriptions/status.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { THEME_FILENAME, themeArchive } from '../../theme/archive.ts';
import { texts } from '../../texts.ts';
import type { RouteFolder } from '../folders.ts';

async function themeRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/client/download-zip/{filename}', 'get'>>(
    '/api/client/download-zip/:filename',
    async (request, reply) => {
      // The contract's pattern (core's `patterns.themeFilename`) has refused any path already.
      const { filename } = request.params;
      const status = statusOf(await subscriptionOf(app.db, accountOf(request).id), app.now());
      if (!givesAccess(status)) throw forbidden(accessRefusal(status));
      if (filename !== THEME_FILENAME) throw notFound(texts.theme.fileNotFound);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${THEME_FILENAME}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(themeArchive()));
    },
  );
}

/** The theme's download, for a logged-in customer whose subscription gives access. */
export const themeFolder: RouteFolder = {
  guard: { under: ['/api/client/download-zip'], hook: requireCustomer },
  routes: themeRoutes,
};
