import { fromPromise } from 'xstate';
import type { PortalClient } from '../../api/client.ts';
import { requireData } from '../../auth/response.ts';
import type { ImplementationsOf } from '../../machine-kit.ts';
import type { journalMachine } from './journal.machine.ts';

/** What `journalMachine.provide(...)` needs, over the portal client. */
export function createJournalImplementations({
  client,
}: {
  client: PortalClient;
}): ImplementationsOf<typeof journalMachine> {
  return {
    actors: {
      search: fromPromise(async ({ input, signal }) => {
        const q = input.q.trim();
        const data = requireData(
          await client.api.GET('/api/admin/journal', {
            params: { query: { ...(q === '' ? {} : { q }), page: input.page } },
            signal,
          }),
          'admin journal',
        );
        return { rows: data.events, total: data.total, page: data.page, perPage: data.per_page };
      }),
    },
  };
}
