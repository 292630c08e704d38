import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../auth/guards.ts';
import { notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { createLicence } from '../../licences/licence-service.ts';
import { licenceJson } from '../../licences/licences.ts';
import { deleteLicence, findLicence } from '../../licences/licences.repo.ts';
import type { RouteFolder } from '../folders.ts';
import { latestVersionOf } from '../../releases/releases.ts';
import { licenceSuspensionRoutes } from './suspension.ts';
import { themeReleaseRoutes } from './theme-releases.ts';

/** Admin licence calls (no plan limit applies) and the theme's releases. */
async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.post<RouteOf<'/api/admin/licenses', 'post'>>(
    '/api/admin/licenses',
    async (request, reply) => {
      const { body } = request;
      const row = await createLicence(app, {
        customerId: body.customer_id,
        domains: body,
        enforcePlan: false,
        ...(body.expires_at === undefined
          ? {}
          : { expiresAt: body.expires_at === null ? null : new Date(body.expires_at) }),
        ...(body.theme_name === undefined ? {} : { themeName: body.theme_name }),
      });
      return reply
        .code(201)
        .send({ message: messages.licences.created, license: licenceJson(row) });
    },
  );

  app.get<RouteOf<'/api/admin/licenses/{id}', 'get'>>(
    '/api/admin/licenses/:id',
    async (request) => {
      const row = await findLicence(app.db, request.params.id);
      if (row === undefined) throw notFound(messages.licences.notFound);
      return { license: licenceJson(row), latest_version: await latestVersionOf(app) };
    },
  );

  app.delete<RouteOf<'/api/admin/licenses/{id}', 'delete'>>(
    '/api/admin/licenses/:id',
    async (request) => {
      const deleted = await app.readCache.write(app.db, (tx, changed) =>
        deleteLicence(tx, changed, request.params.id, null),
      );
      if (!deleted) throw notFound(messages.licences.notFound);
      return { message: messages.licences.deleted };
    },
  );

  await licenceSuspensionRoutes(app);
  await themeReleaseRoutes(app);
}

/** Every `/api/admin/*` path: an admin token only (a customer token gets 403). */
export const adminFolder: RouteFolder = {
  guard: { under: ['/api/admin'], hook: requireAdmin },
  routes: adminRoutes,
};
