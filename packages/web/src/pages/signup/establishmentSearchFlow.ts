import {
  createEstablishmentSearchImplementations,
  establishmentSearchMachine,
  type Establishment,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** The optional establishment search of step 2 (in the search's own chunk, with its view). */
export const establishmentSearchFlow = createFlow({
  machine: establishmentSearchMachine,
  implement: ({ client }) => createEstablishmentSearchImplementations({ client }),
  commands: (send) => ({
    search: (query: string) => send({ type: 'search.input', query }),
    pick: (establishment: Establishment) => send({ type: 'search.select', establishment }),
  }),
});

export const EstablishmentSearchProvider = establishmentSearchFlow.Provider;
export const useEstablishmentSearchSelector = establishmentSearchFlow.useSelector;
export const useEstablishmentSearchEvents = establishmentSearchFlow.useEvents;
