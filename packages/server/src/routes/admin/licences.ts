import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../../accounts/accounts.repo.ts';
import { accountOf } from '../../auth/guards.ts';
import { pageOf } from '../../back-office/paging.ts';
import { searchOf } from '../../back-office/search.repo.ts';
import { notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  changeSuspension,
  createLicence,
  removeLicence,
  transferLicence,
  type LicenceAction,
} from '../../licences/licence-service.ts';
import { adminLicenceJson } from '../../licences/licences.ts';
import { findLicence, searchLicences, type LicenceRow } from '../../licences/licences.repo.ts';
import { latestVersionOf } from '../../releases/releases.ts';

/**
 * The admin's licence calls (docs/product.md#back-office): no plan limit applies; every write is
 * journaled with its admin and its reason, and, naming the version it read, cannot undo another
 * admin's change (409). The admin folder's guard covers these paths.
 */
export async function adminLicenceRoutes(app: FastifyInstance): Promise<void> {
  /** The licence as the back office answers it, with its customer's email. */
  const json = async (row: LicenceRow) =>
    adminLicenceJson(row, (await findCustomerById(app.db, row.customer_id))?.email ?? '');
  const adminOf = (request: Parameters<typeof accountOf>[0]): LicenceAction['actor'] => ({
    kind: 'admin',
    id: accountOf(request).id,
  });

  app.get<RouteOf<'/api/admin/licenses', 'get'>>('/api/admin/licenses', async (request) => {
    const page = pageOf(request.query);
    const { rows, total } = await searchLicences(app.db, {
      search: searchOf(request.query.q),
      limit: page.limit,
      offset: page.offset,
    });
    return {
      licenses: rows.map((row) => adminLicenceJson(row, row.customer_email)),
      total,
      page: page.page,
      per_page: page.per_page,
      latest_version: await latestVersionOf(app),
    };
  });

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
        action: { actor: adminOf(request), reason: body.reason },
      });
      return reply.code(201).send({ message: messages.licences.created, license: await json(row) });
    },
  );

  app.get<RouteOf<'/api/admin/licenses/{id}', 'get'>>(
    '/api/admin/licenses/:id',
    async (request) => {
      const row = await findLicence(app.db, request.params.id);
      if (row === undefined) throw notFound(messages.licences.notFound);
      return { license: await json(row), latest_version: await latestVersionOf(app) };
    },
  );

  app.delete<RouteOf<'/api/admin/licenses/{id}', 'delete'>>(
    '/api/admin/licenses/:id',
    async (request) => {
      await removeLicence(app, {
        id: request.params.id,
        action: {
          actor: adminOf(request),
          reason: request.body?.reason,
          expectedVersion: request.body?.expected_version,
        },
      });
      return { message: messages.licences.deleted };
    },
  );

  for (const [path, suspend] of [
    ['/api/admin/licenses/:id/suspend', true],
    ['/api/admin/licenses/:id/reinstate', false],
  ] as const) {
    app.post<RouteOf<'/api/admin/licenses/{id}/suspend', 'post'>>(path, async (request) => {
      const row = await changeSuspension(app, {
        id: request.params.id,
        suspend,
        action: {
          actor: adminOf(request),
          reason: request.body.reason,
          expectedVersion: request.body.expected_version,
        },
      });
      return {
        message: suspend ? messages.licences.suspended : messages.licences.reinstated,
        license: await json(row),
      };
    });
  }

  app.post<RouteOf<'/api/admin/licenses/{id}/transfer', 'post'>>(
    '/api/admin/licenses/:id/transfer',
    async (request) => {
      const row = await transferLicence(app, {
        id: request.params.id,
        shopDomain: request.body.shop_domain,
        action: {
          actor: adminOf(request),
          reason: request.body.reason,
          expectedVersion: request.body.expected_version,
        },
      });
      return { message: messages.admin.licenceTransferred, license: await json(row) };
    },
  );
}
