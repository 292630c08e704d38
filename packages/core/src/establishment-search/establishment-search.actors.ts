import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { establishmentSearchMachine } from './establishment-search.machine.ts';

export interface EstablishmentSearchDependencies {
  client: PortalClient;
}

/** What `establishmentSearchMachine.provide(...)` needs. */
export function createEstablishmentSearchImplementations({
  client,
}: EstablishmentSearchDependencies): ImplementationsOf<typeof establishmentSearchMachine> {
  return {
    actors: {
      searchEstablishments: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.GET('/api/google-places/search', {
          params: { query: { query: input.query } },
          // Stopping the search (a newer query) aborts the request.
          signal,
        });
        return data?.establishments ?? [];
      }),
    },
  };
}
