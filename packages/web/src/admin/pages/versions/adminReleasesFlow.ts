import {
  adminReleasesCommands,
  adminReleasesMachine,
  adminReleasesView,
  createAdminReleasesImplementations,
} from '@portal/core/admin';
import { createViewFlow } from '../../../app/flowView.ts';

/** The back office's Versions: the releases and the publication of a version. */
export const adminReleasesFlow = createViewFlow({
  machine: adminReleasesMachine,
  implement: ({ client, notify }) => createAdminReleasesImplementations({ client, notify }),
  commands: adminReleasesCommands,
  view: adminReleasesView,
});

export const AdminReleasesProvider = adminReleasesFlow.Provider;
export const useAdminReleasesView = adminReleasesFlow.useView;
