import {
  adminLicencesCommands,
  adminLicencesMachine,
  adminLicencesView,
  createAdminLicencesImplementations,
} from '@portal/core/admin';
import { createViewFlow } from '../../../app/flowView.ts';

/** The back office's Licences: the search, the licence looked up and its actions' dialog. */
export const adminLicencesFlow = createViewFlow({
  machine: adminLicencesMachine,
  implement: ({ client, notify }) => createAdminLicencesImplementations({ client, notify }),
  commands: adminLicencesCommands,
  view: adminLicencesView,
});

export const AdminLicencesProvider = adminLicencesFlow.Provider;
export const useAdminLicencesView = adminLicencesFlow.useView;
