import {
  createEstablishmentSearchImplementations,
  createSignupImplementations,
  establishmentSearchMachine,
  signupMachine,
  type Establishment,
  type SignupValues,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** The three-step signup wizard. */
export const signupFlow = createFlow({
  machine: signupMachine,
  implement: ({ client, navigate }) => createSignupImplementations({ client, navigate }),
  commands: (send) => ({
    change: (field: keyof SignupValues, value: string) =>
      send({ type: 'signup.change', field, value }),
    /** Step 2's fields filled from a picked establishment. */
    fill: (values: Partial<SignupValues>) => send({ type: 'signup.fill', values }),
    next: () => send({ type: 'signup.next' }),
    back: () => send({ type: 'signup.back' }),
    submit: () => send({ type: 'signup.submit' }),
  }),
});

export const SignupProvider = signupFlow.Provider;
export const useSignupSelector = signupFlow.useSelector;
export const useSignupEvents = signupFlow.useEvents;

/** The optional establishment search of step 2. */
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
