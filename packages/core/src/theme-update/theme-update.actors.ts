import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { SaveFile } from '../theme-download/theme-download.types.ts';
import type { themeUpdateMachine } from './theme-update.machine.ts';

export interface ThemeUpdateDependencies {
  client: PortalClient;
  save: SaveFile;
}

/** What `themeUpdateMachine.provide(...)` needs: the multipart upload, the download, the saver. */
export function createThemeUpdateImplementations({
  client,
  save,
}: ThemeUpdateDependencies): ImplementationsOf<typeof themeUpdateMachine> {
  return {
    actors: {
      uploadExport: fromPromise(async ({ input, signal }) =>
        requireData(
          await client.api.POST('/api/client/themes/update', {
            // The contract's one file field, `archive` (the browser writes the boundary).
            body: { archive: '' },
            bodySerializer: () => {
              const form = new FormData();
              form.append('archive', input.blob, input.name);
              return form;
            },
            signal,
          }),
          'themes/update',
        ),
      ),
      downloadMerged: fromPromise(async ({ input, signal }) =>
        requireData(
          await client.api.GET('/api/client/themes/update/{id}', {
            params: { path: { id: input.id } },
            parseAs: 'blob',
            signal,
          }),
          'themes/update/{id}',
        ),
      ),
    },
    actions: {
      saveFile: (_, params) => save(params.blob, params.filename),
    },
  };
}
