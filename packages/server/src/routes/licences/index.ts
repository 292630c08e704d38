import { givesAccess, messages, statusChangesAt } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { BoundedMap } from '../../cache/read-cache.ts';
import { isUniqueViolation, notFound } from '../../http/errors.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { RouteOf } from '../../http/typed.ts';
import { createLicence } from '../../licences/licence-service.ts';
import {
  licenceConflict as duplicate,
  licenceDomains,
  licenceJson,
  refuseSuspended,
} from '../../licences/licences.ts';
import {
  customDomainTaken,
  deleteLicence,
  findLicence,
  listLicences,
  updateLicenceDomains,
} from '../../licences/licences.repo.ts';
import { statusOf } from '../../subscriptions/status.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { latestVersionOf } from '../../releases/releases.ts';
import type { RouteFolder } from '../folders.ts';

/** The logged-in customer's licences; another customer's licence is answered 404, untouched. */
async function licenceRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Until when a kept list holds (ms): the list shows the licences inactive once the
   * subscription gives no access, which a trial's end or a cancellation's period end brings
   * with no write to forget it by. Bounded as the cache is; a list with no entry here is
   * loaded again.
   */
  const keptUntil = new BoundedMap<string, number>(5_000);
  const listOf = (customerId: string) =>
    app.readCache.licenceList(customerId, async () => {
      const now = app.now();
      const subscription = await subscriptionOf(app.db, customerId);
      const rows = await listLicences(app.db, customerId);
      const changesAt = statusChangesAt(subscription)?.getTime() ?? Infinity;
      keptUntil.set(customerId, changesAt > now.getTime() ? changesAt : Infinity);
      const access = givesAccess(statusOf(subscription, now));
      return JSON.stringify({
        licenses: rows.map((row) => licenceJson(row, access)),
        latest_version: await latestVersionOf(app),
      });
    });
  app.get<RouteOf<'/api/client/licenses', 'get'>>('/api/client/licenses', (request, reply) => {
    const customerId = accountOf(request).id;
    const until = keptUntil.get(customerId);
    if (until === undefined || until <= app.now().getTime()) {
      app.readCache.forget({ type: 'licences', customerId });
    }
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
      const row = await createLicence(app, {
        customerId: accountOf(request).id,
        domains: request.body,
        enforcePlan: true,
      });
      return reply
        .code(201)
        .send({ message: messages.licences.created, license: licenceJson(row) });
    },
  );

  app.put<RouteOf<'/api/client/licenses/{id}', 'put'>>(
    '/api/client/licenses/:id',
    async (request) => {
      const customerId = accountOf(request).id;
      const { id } = request.params;
      const domains = licenceDomains(request.body);
      const own = await findLicence(app.db, id);
      if (own?.customer_id !== customerId) throw notFound(messages.licences.notFound);
      refuseSuspended(own);
      if (await customDomainTaken(app.db, domains.custom_domain, id)) throw duplicate();
      try {
        const row = await app.readCache.write(app.db, (tx, changed) =>
          updateLicenceDomains(tx, changed, { id, customer_id: customerId, ...domains }),
        );
        if (row === undefined) throw notFound(messages.licences.notFound);
        const access = givesAccess(statusOf(await subscriptionOf(app.db, customerId), app.now()));
        return { message: messages.licences.updated, license: licenceJson(row, access) };
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
      const own = await findLicence(app.db, request.params.id);
      if (own?.customer_id === customerId) refuseSuspended(own);
      const deleted = await app.readCache.write(app.db, (tx, changed) =>
        deleteLicence(tx, changed, request.params.id, customerId),
      );
      if (!deleted) throw notFound(messages.licences.notFound);
      return { message: messages.licences.deleted };
    },
  );
}

/** Every `/api/client/licenses*` path: the logged-in customer's own licences. */
export const licencesFolder: RouteFolder = {
  guard: { under: ['/api/client/licenses'], hook: requireCustomer },
  routes: licenceRoutes,
};
