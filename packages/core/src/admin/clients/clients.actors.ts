import { fromPromise } from 'xstate';
import type { PortalClient } from '../../api/client.ts';
import { requireData } from '../../auth/response.ts';
import type { ImplementationsOf } from '../../machine-kit.ts';
import type { clientsMachine } from './clients.machine.ts';

/** What `clientsMachine.provide(...)` needs, over the portal client. */
export function createClientsImplementations({
  client,
}: {
  client: PortalClient;
}): ImplementationsOf<typeof clientsMachine> {
  return {
    actors: {
      search: fromPromise(async ({ input, signal }) => {
        const data = requireData(
          await client.api.GET('/api/admin/customers', {
            params: {
              query: {
                ...(input.q.trim() === '' ? {} : { q: input.q.trim() }),
                page: input.page,
                ...(input.sort === null ? {} : { sort: input.sort }),
                order: input.order,
              },
            },
            signal,
          }),
          'admin customers',
        );
        return {
          rows: data.customers,
          total: data.total,
          page: data.page,
          perPage: data.per_page,
        };
      }),
    },
  };
}
