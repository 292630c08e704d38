import { accessRefusal, givesAccess, messages, statusChangesAt } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { newId } from '../../auth/tokens.ts';
import { forbidden, isUniqueViolation, notFound } from '../../http/errors.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  THEME_NAME,
  licenceConflict as duplicate,
  licenceDomains,
  licenceJson,
  refuseSuspended,
} from '../../licences/licences.ts';
import { BoundedMap } from '../../cache/read-cache.ts';
import {
  countActiveLicences,
  customDomainTaken,
  deleteLicence,
  findLicence,
  insertLicence,
  listLicences,
  updateLicenceDomains,
} from '../../licences/licences.repo.ts';
import { statusOf } from '../../subscriptions/status.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { LATEST_THEME_VERSION } from '../../theme/latest-version.ts';

/** The logged-in customer's licences; another customer's licence is answered 404, untouched. */
export async function licenceRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { onRequest: requireCustomer };

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
        latest_version: LATEST_THEME_VERSION,
      });
    });
  app.get<RouteOf<'/api/client/licenses', 'get'>>(
    '/api/client/licenses',
    guarded,
    (request, reply) => {
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
    },
  );

  app.post<RouteOf<'/api/client/licenses', 'post'>>(
    '/api/client/licenses',
    guarded,
    async (request, reply) => {
      const customerId = accountOf(request).id;
      const domains = licenceDomains(request.body);
      try {
        const row = await app.readCache.write(app.db, async (tx, changed) => {
          // The subscription row is locked so two creations cannot both take the last place.
          const subscription = await subscriptionOf(tx, customerId, { forUpdate: true });
          const status = statusOf(subscription, app.now());
          if (subscription === undefined || !givesAccess(status)) {
            throw forbidden(accessRefusal(status));
          }
          if ((await countActiveLicences(tx, customerId)) >= subscription.max_licenses) {
            throw forbidden(messages.licences.limitWarning(subscription.max_licenses));
          }
          if (await customDomainTaken(tx, domains.custom_domain, null)) throw duplicate();
          return insertLicence(tx, changed, {
            id: newId(),
            customer_id: customerId,
            custom_domain: domains.custom_domain,
            shop_domain: domains.shop_domain,
            theme_name: THEME_NAME,
            expires_at: subscription.current_period_end,
            created_at: app.now(),
          });
        });
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
    guarded,
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
    guarded,
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
