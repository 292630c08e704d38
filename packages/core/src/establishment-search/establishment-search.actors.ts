import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { Establishment } from './establishment-search.types.ts';

export interface EstablishmentSearchDependencies {
  client: PortalClient;
}

export function createEstablishmentSearchImplementations({
  client,
}: EstablishmentSearchDependencies) {
  return {
    actors: {
      searchEstablishments: fromPromise<Establishment[], { query: string }>(
        async ({ input, signal }) => {
          const { data } = await client.api.GET('/api/google-places/search', {
            params: { query: { query: input.query } },
            // Stopping the search (a newer query) aborts the request.
            signal,
          });
          return data?.establishments ?? [];
        },
      ),
    },
  };
}
