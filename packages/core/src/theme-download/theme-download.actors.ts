import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { themeDownloadMachine } from './theme-download.machine.ts';
import type { SaveFile } from './theme-download.types.ts';

export interface ThemeDownloadDependencies {
  client: PortalClient;
  save: SaveFile;
}

/** What `themeDownloadMachine.provide(...)` needs: the archive call and the saver. */
export function createThemeDownloadImplementations({
  client,
  save,
}: ThemeDownloadDependencies): ImplementationsOf<typeof themeDownloadMachine> {
  return {
    actors: {
      downloadTheme: fromPromise(async ({ input }) =>
        requireData(
          await client.api.GET('/api/client/download-zip/{filename}', {
            params: { path: { filename: input.filename } },
            parseAs: 'blob',
          }),
          'download-zip',
        ),
      ),
    },
    actions: {
      saveFile: (_, params) => save(params.blob, params.filename),
    },
  };
}
