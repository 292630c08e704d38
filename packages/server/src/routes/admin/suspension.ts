import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../auth/guards.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { licenceJson } from '../../licences/licences.ts';
import { setLicenceSuspension } from '../../licences/licences.repo.ts';
import { texts } from '../../texts.ts';

/**
 * An admin suspends or reinstates a licence, with a reason (docs/product.md, 'Licence
 * verification'): a suspended licence verifies `inactive` and its customer can neither change
 * nor delete it. The admin folder's guard covers these paths.
 */
export async function licenceSuspensionRoutes(app: FastifyInstance): Promise<void> {
  const change = async (id: string, suspend: boolean, reason: string, adminId: string) => {
    // As in the forms, a reason of spaces only is a missing one.
    if (reason.trim() === '') throw badRequest({ reason: texts.validation.fieldRequired });
    const row = await app.readCache.write(app.db, (tx, changed) =>
      setLicenceSuspension(tx, changed, {
        id,
        suspend,
        reason: reason.trim(),
        admin_id: adminId,
        at: app.now(),
      }),
    );
    if (row === undefined) throw notFound(messages.licences.notFound);
    return {
      message: suspend ? messages.licences.suspended : messages.licences.reinstated,
      license: licenceJson(row),
    };
  };

  app.post<RouteOf<'/api/admin/licenses/{id}/suspend', 'post'>>(
    '/api/admin/licenses/:id/suspend',
    async (request) => change(request.params.id, true, request.body.reason, accountOf(request).id),
  );

  app.post<RouteOf<'/api/admin/licenses/{id}/reinstate', 'post'>>(
    '/api/admin/licenses/:id/reinstate',
    async (request) => change(request.params.id, false, request.body.reason, accountOf(request).id),
  );
}
