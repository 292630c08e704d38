import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../../accounts/accounts.repo.ts';
import { requireAdmin } from '../../auth/guards.ts';
import { newId } from '../../auth/tokens.ts';
import { isUniqueViolation, notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  THEME_NAME,
  licenceConflict as duplicate,
  licenceDomains,
  licenceJson,
} from '../../licences/licences.ts';
import {
  customDomainTaken,
  deleteLicence,
  findLicence,
  insertLicence,
} from '../../licences/licences.repo.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { LATEST_THEME_VERSION } from '../../theme/latest-version.ts';
import { licenceSuspensionRoutes } from './suspension.ts';

/** Admin licence calls (admin token only; a customer token gets 403). No plan limit applies. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { onRequest: requireAdmin };

  app.post<RouteOf<'/api/admin/licenses', 'post'>>(
    '/api/admin/licenses',
    guarded,
    async (request, reply) => {
      const { body } = request;
      const domains = licenceDomains(body);
      if ((await findCustomerById(app.db, body.customer_id)) === undefined) throw notFound();
      if (await customDomainTaken(app.db, domains.custom_domain, null)) throw duplicate();
      const expiresAt =
        body.expires_at === undefined
          ? ((await subscriptionOf(app.db, body.customer_id))?.current_period_end ?? null)
          : body.expires_at === null
            ? null
            : new Date(body.expires_at);
      try {
        const row = await app.readCache.write(app.db, (tx, changed) =>
          insertLicence(tx, changed, {
            id: newId(),
            customer_id: body.customer_id,
            custom_domain: domains.custom_domain,
            shop_domain: domains.shop_domain,
            theme_name: body.theme_name?.trim() || THEME_NAME,
            expires_at: expiresAt,
            created_at: app.now(),
          }),
        );
        return reply
          .code(201)
          .send({ message: messages.licences.created, license: licenceJson(row) });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  );

  app.get<RouteOf<'/api/admin/licenses/{id}', 'get'>>(
    '/api/admin/licenses/:id',
    guarded,
    async (request) => {
      const row = await findLicence(app.db, request.params.id);
      if (row === undefined) throw notFound(messages.licences.notFound);
      return { license: licenceJson(row), latest_version: LATEST_THEME_VERSION };
    },
  );

  app.delete<RouteOf<'/api/admin/licenses/{id}', 'delete'>>(
    '/api/admin/licenses/:id',
    guarded,
    async (request) => {
      const deleted = await app.readCache.write(app.db, (tx, changed) =>
        deleteLicence(tx, changed, request.params.id, null),
      );
      if (!deleted) throw notFound(messages.licences.notFound);
      return { message: messages.licences.deleted };
    },
  );

  await licenceSuspensionRoutes(app);
}
