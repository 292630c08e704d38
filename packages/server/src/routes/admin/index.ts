import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../../accounts/customers.ts';
import { requireAdmin } from '../../auth/guards.ts';
import { newId } from '../../auth/tokens.ts';
import { conflict, isUniqueViolation, notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  THEME_NAME,
  customDomainTaken,
  licenceColumns,
  licenceDomains,
  licenceJson,
  type LicenceRow,
} from '../../licences/licences.ts';
import { subscriptionOf } from '../../subscriptions/current.ts';

const duplicate = () =>
  conflict(messages.licences.conflict, { custom_domain: messages.licences.conflict });

/** Admin licence calls (admin token only; a customer token gets 403). No plan limit applies. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireAdmin);

  app.post<RouteOf<'/api/admin/licenses', 'post'>>(
    '/api/admin/licenses',
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
        const [row] = await app.readCache.write(app.db, async (tx, changed) => {
          const rows = await tx.query<LicenceRow>(
            `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status,
             expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, 'active', $6, $7) RETURNING ${licenceColumns}`,
            [
              newId(),
              body.customer_id,
              domains.custom_domain,
              domains.shop_domain,
              body.theme_name?.trim() || THEME_NAME,
              expiresAt,
              app.now(),
            ],
          );
          await changed({ type: 'licences', customerId: body.customer_id });
          return rows;
        });
        if (row === undefined) throw new Error('licence insert returned nothing');
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
    async (request) => {
      const [row] = await app.db.query<LicenceRow>(
        `SELECT ${licenceColumns} FROM licences WHERE id = $1`,
        [request.params.id],
      );
      if (row === undefined) throw notFound(messages.licences.notFound);
      return { license: licenceJson(row) };
    },
  );

  app.delete<RouteOf<'/api/admin/licenses/{id}', 'delete'>>(
    '/api/admin/licenses/:id',
    async (request) => {
      const deleted = await app.readCache.write(app.db, async (tx, changed) => {
        const [row] = await tx.query<{ customer_id: string }>(
          'DELETE FROM licences WHERE id = $1 RETURNING customer_id',
          [request.params.id],
        );
        if (row !== undefined) await changed({ type: 'licences', customerId: row.customer_id });
        return row;
      });
      if (deleted === undefined) throw notFound(messages.licences.notFound);
      return { message: messages.licences.deleted };
    },
  );
}
