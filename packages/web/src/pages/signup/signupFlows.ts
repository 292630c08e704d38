import { createSignupImplementations, signupMachine, type SignupValues } from '@portal/core';
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
