import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { themeReleasesMachine } from './theme-releases.machine.ts';

/** What `themeReleasesMachine.provide(...)` needs: the release list and the licence list. */
export function createThemeReleasesImplementations({
  client,
}: {
  client: PortalClient;
}): ImplementationsOf<typeof themeReleasesMachine> {
  return {
    actors: {
      fetchReleases: fromPromise(async () => {
        const [themes, licences] = await Promise.all([
          client.api.GET('/api/client/themes'),
          client.api.GET('/api/client/licenses'),
        ]);
        return {
          theme: requireData(themes, 'themes').themes[0] ?? null,
          licences: requireData(licences, 'licenses').licenses,
        };
      }),
    },
  };
}
