import { givesAccess, messages, statusChangesAt } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { BoundedMap } from '../../cache/read-cache.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { RouteOf } from '../../http/typed.ts';
import { createLicence, editLicence, removeLicence } from '../../licences/licence-service.ts';
import { licenceJson } from '../../licences/licences.ts';
import { listLicences } from '../../licences/licences.repo.ts';
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
      const customerId = accountOf(request).id;
      const row = await createLicence(app, {
        customerId,
        domains: request.body,
        enforcePlan: true,
        action: { actor: { kind: 'customer', id: customerId } },
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
      const row = await editLicence(app, {
        id: request.params.id,
        customerId,
        domains: request.body,
      });
      const access = givesAccess(statusOf(await subscriptionOf(app.db, customerId), app.now()));
      return { message: messages.licences.updated, license: licenceJson(row, access) };
    },
  );

  app.delete<RouteOf<'/api/client/licenses/{id}', 'delete'>>(
    '/api/client/licenses/:id',
    async (request) => {
      const customerId = accountOf(request).id;
      await removeLicence(app, {
        id: request.params.id,
        customerId,
        action: { actor: { kind: 'customer', id: customerId } },
      });
      return { message: messages.licences.deleted };
    },
  );
}

/** Every `/api/client/licenses*` path: the logged-in customer's own licences. */
export const licencesFolder: RouteFolder = {
  guard: { under: ['/api/client/licenses'], hook: requireCustomer },
  routes: licenceRoutes,
};
