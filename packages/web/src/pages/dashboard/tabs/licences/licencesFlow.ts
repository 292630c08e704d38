import {
  createLicencesImplementations,
  licencesCommands,
  licencesMachine,
  licencesView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** 'Gestion des licences': the list, the usage card and the create/edit/delete modals. */
export const licencesFlow = createViewFlow({
  machine: licencesMachine,
  implement: ({ client, notify }) => createLicencesImplementations({ client, notify }),
  commands: licencesCommands,
  view: licencesView,
});

export const LicencesProvider = licencesFlow.Provider;
export const useLicencesView = licencesFlow.useView;
