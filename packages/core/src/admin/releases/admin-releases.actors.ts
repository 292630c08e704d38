import { fromPromise } from 'xstate';
import type { PortalClient } from '../../api/client.ts';
import { requireData } from '../../auth/response.ts';
import type { ImplementationsOf } from '../../machine-kit.ts';
import type { Notify } from '../../notifications/notifications.types.ts';
import type { adminReleasesMachine } from './admin-releases.machine.ts';

export interface AdminReleasesDependencies {
  client: PortalClient;
  notify: Notify;
}

/** What `adminReleasesMachine.provide(...)` needs, over the portal client's admin calls. */
export function createAdminReleasesImplementations({
  client,
  notify,
}: AdminReleasesDependencies): ImplementationsOf<typeof adminReleasesMachine> {
  return {
    actors: {
      fetchReleases: fromPromise(async () => {
        const data = requireData(
          await client.api.GET('/api/admin/themes/releases'),
          'admin releases',
        );
        return data.releases;
      }),
      publishRelease: fromPromise(async ({ input }) => {
        const form = new FormData();
        form.append('version', input.version);
        form.append('notes', input.notes);
        form.append('archive', input.archive, input.archive.name);
        // Multipart: the client sends a FormData as it is (its type carries the boundary);
        // openapi-fetch types the body as the schema's object.
        const data = requireData(
          await client.api.POST('/api/admin/themes/releases', { body: form as never }),
          'publish release',
        );
        return { message: data.message, mails: data.mails };
      }),
    },
    actions: {
      notify: (_, notification) => notify(notification),
    },
  };
}
