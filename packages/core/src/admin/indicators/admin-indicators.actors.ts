import { fromPromise } from 'xstate';
import type { PortalClient } from '../../api/client.ts';
import { requireData } from '../../auth/response.ts';
import type { ImplementationsOf } from '../../machine-kit.ts';
import type { adminIndicatorsMachine } from './admin-indicators.machine.ts';

/** What `adminIndicatorsMachine.provide(...)` needs, over the portal client's admin call. */
export function createAdminIndicatorsImplementations({
  client,
}: {
  client: PortalClient;
}): ImplementationsOf<typeof adminIndicatorsMachine> {
  return {
    actors: {
      fetchIndicators: fromPromise(async () =>
        requireData(await client.api.GET('/api/admin/indicators'), 'admin indicators'),
      ),
    },
  };
}
