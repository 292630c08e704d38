import {
  createLicencesImplementations,
  licencesMachine,
  type Licence,
  type LicenceField,
} from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** 'Gestion des licences': the list, the usage card and the create/edit/delete modals. */
export const licencesFlow = createFlow({
  machine: licencesMachine,
  implement: ({ client, notify }) => createLicencesImplementations({ client, notify }),
  commands: (send) => ({
    reload: () => send({ type: 'licences.reload' }),
    addLicence: () => send({ type: 'licence.add' }),
    editLicence: (licence: Licence) => send({ type: 'licence.edit', licence }),
    change: (field: LicenceField, value: string) => send({ type: 'licence.change', field, value }),
    save: () => send({ type: 'licence.submit' }),
    deleteLicence: (licence: Licence) => send({ type: 'licence.delete', licence }),
    confirmDelete: () => send({ type: 'licence.confirmDelete' }),
    cancel: () => send({ type: 'licence.cancel' }),
  }),
});

export const LicencesProvider = licencesFlow.Provider;
export const useLicencesSelector = licencesFlow.useSelector;
export const useLicencesEvents = licencesFlow.useEvents;
