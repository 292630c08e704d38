import { fromPromise } from 'xstate';
import type { PortalClient } from '../../api/client.ts';
import { requireData } from '../../auth/response.ts';
import type { ImplementationsOf } from '../../machine-kit.ts';
import type { Notify } from '../../notifications/notifications.types.ts';
import type { adminLicencesMachine } from './admin-licences.machine.ts';
import type { AdminLicenceActionResult } from './admin-licences.types.ts';

export interface AdminLicencesDependencies {
  client: PortalClient;
  notify: Notify;
}

/** The page size of the search (the contract's default). */
export const ADMIN_LICENCES_PER_PAGE = 25;

/** What `adminLicencesMachine.provide(...)` needs, over the portal client's admin calls. */
export function createAdminLicencesImplementations({
  client,
  notify,
}: AdminLicencesDependencies): ImplementationsOf<typeof adminLicencesMachine> {
  return {
    actors: {
      searchLicences: fromPromise(async ({ input }) => {
        const query = {
          page: input.page,
          per_page: ADMIN_LICENCES_PER_PAGE,
          ...(input.q === '' ? {} : { q: input.q }),
        };
        const data = requireData(
          await client.api.GET('/api/admin/licenses', { params: { query } }),
          'admin licences',
        );
        return {
          licences: data.licenses,
          total: data.total,
          page: data.page,
          perPage: data.per_page,
          latestVersion: data.latest_version ?? null,
        };
      }),
      fetchLicence: fromPromise(async ({ input }) => {
        const data = requireData(
          await client.api.GET('/api/admin/licenses/{id}', {
            params: { path: { id: input.id } },
          }),
          'admin licence',
        );
        return data.license;
      }),
      actOnLicence: fromPromise(async ({ input }): Promise<AdminLicenceActionResult> => {
        const { kind, licence, values } = input;
        if (kind === 'create') {
          const data = requireData(
            await client.api.POST('/api/admin/licenses', {
              body: {
                customer_id: values.customer_id,
                custom_domain: values.custom_domain,
                shop_domain: values.shop_domain,
                reason: values.reason,
              },
            }),
            'admin create licence',
          );
          return { message: data.message, licence: data.license };
        }
        if (licence === null) throw new Error(`${kind}: no licence shown`);
        const path = { id: licence._id };
        // The version the admin read: a licence changed since is left as it is (409).
        const change = { reason: values.reason, expected_version: licence.version };
        if (kind === 'delete') {
          const data = requireData(
            await client.api.DELETE('/api/admin/licenses/{id}', { params: { path }, body: change }),
            'admin delete licence',
          );
          return { message: data.message, licence: null };
        }
        const answer =
          kind === 'transfer'
            ? await client.api.POST('/api/admin/licenses/{id}/transfer', {
                params: { path },
                body: { ...change, shop_domain: values.shop_domain },
              })
            : await client.api.POST(
                kind === 'suspend'
                  ? '/api/admin/licenses/{id}/suspend'
                  : '/api/admin/licenses/{id}/reinstate',
                { params: { path }, body: change },
              );
        const data = requireData(answer, `admin ${kind} licence`);
        return { message: data.message, licence: data.license };
      }),
    },
    actions: {
      notify: (_, notification) => notify(notification),
    },
  };
}
