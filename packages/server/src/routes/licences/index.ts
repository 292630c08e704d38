import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { newId } from '../../auth/tokens.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  THEME_NAME,
  customDomainTaken,
  licenceColumns,
  licenceDomains,
  licenceJson,
  type LicenceRow,
} from '../../licences/licences.ts';
import { isActive, licencesUsed, subscriptionOf } from '../../subscriptions/current.ts';
import { texts } from '../../texts.ts';

const duplicate = () =>
  conflict(messages.licences.conflict, { custom_domain: messages.licences.conflict });

/** The logged-in customer's licences; another customer's licence is answered 404, untouched. */
export async function licenceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireCustomer);

  const listOf = (customerId: string) =>
    app.readCache.licenceList(customerId, async () => {
      const rows = await app.db.query<LicenceRow>(
        `SELECT ${licenceColumns} FROM licences WHERE customer_id = $1 ORDER BY created_at, id`,
        [customerId],
      );
      return JSON.stringify({ licenses: rows.map(licenceJson) });
    });
  app.get<RouteOf<'/api/client/licenses', 'get'>>('/api/client/licenses', (request, reply) => {
    const customerId = accountOf(request).id;
    // Kept as the answer's text: a kept list is answered with no query, no serialisation and
    // no promise.
    const known = app.readCache.knownLicenceList(customerId);
    if (known !== undefined) {
      sendJsonText(reply, known);
      return;
    }
    return listOf(customerId).then((list) => {
      sendJsonText(reply, list);
    });
  });

  app.post<RouteOf<'/api/client/licenses', 'post'>>(
    '/api/client/licenses',
    async (request, reply) => {
      const customerId = accountOf(request).id;
      const domains = licenceDomains(request.body);
      try {
        const row = await app.readCache.write(app.db, async (tx, changed) => {
          // The subscription row is locked so two creations cannot both take the last place.
          const subscription = await subscriptionOf(tx, customerId, { forUpdate: true });
          if (!isActive(subscription)) throw forbidden(texts.licences.subscriptionRequired);
          if ((await licencesUsed(tx, customerId)) >= subscription.max_licenses) {
            throw forbidden(messages.licences.limitWarning(subscription.max_licenses));
          }
          if (await customDomainTaken(tx, domains.custom_domain, null)) throw duplicate();
          const [created] = await tx.query<LicenceRow>(
            `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status,
             expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, 'active', $6, $7) RETURNING ${licenceColumns}`,
            [
              newId(),
              customerId,
              domains.custom_domain,
              domains.shop_domain,
              THEME_NAME,
              subscription.current_period_end,
              app.now(),
            ],
          );
          await changed({ type: 'licences', customerId });
          return created;
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

  app.put<RouteOf<'/api/client/licenses/{id}', 'put'>>(
    '/api/client/licenses/:id',
    async (request) => {
      const customerId = accountOf(request).id;
      const { id } = request.params;
      const domains = licenceDomains(request.body);
      const [owned] = await app.db.query(
        'SELECT 1 FROM licences WHERE id = $1 AND customer_id = $2',
        [id, customerId],
      );
      if (owned === undefined) throw notFound(messages.licences.notFound);
      if (await customDomainTaken(app.db, domains.custom_domain, id)) throw duplicate();
      try {
        const [row] = await app.readCache.write(app.db, async (tx, changed) => {
          const rows = await tx.query<LicenceRow>(
            `UPDATE licences SET custom_domain = $3, shop_domain = $4
             WHERE id = $1 AND customer_id = $2 RETURNING ${licenceColumns}`,
            [id, customerId, domains.custom_domain, domains.shop_domain],
          );
          await changed({ type: 'licences', customerId });
          return rows;
        });
        if (row === undefined) throw notFound(messages.licences.notFound);
        return { message: messages.licences.updated, license: licenceJson(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  );

  app.delete<RouteOf<'/api/client/licenses/{id}', 'delete'>>(
    '/api/client/licenses/:id',
    async (request) => {
      const customerId = accountOf(request).id;
      const rows = await app.readCache.write(app.db, async (tx, changed) => {
        const deleted = await tx.query(
          'DELETE FROM licences WHERE id = $1 AND customer_id = $2 RETURNING id',
          [request.params.id, customerId],
        );
        await changed({ type: 'licences', customerId });
        return deleted;
      });
      if (rows.length === 0) throw notFound(messages.licences.notFound);
      return { message: messages.licences.deleted };
    },
  );
}
