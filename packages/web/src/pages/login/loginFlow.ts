import { createLoginImplementations, loginMachine } from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** The login form; the session it opens goes to the app's auth actor. */
export const loginFlow = createFlow({
  machine: loginMachine,
  implement: ({ client, notify, auth }) =>
    createLoginImplementations({
      client,
      notify,
      onLoggedIn: (result) => auth.send({ type: 'auth.loggedIn', ...result }),
    }),
  commands: (send) => ({
    submit: (email: string, password: string) => send({ type: 'login.submit', email, password }),
  }),
});

export const LoginProvider = loginFlow.Provider;
export const useLoginSelector = loginFlow.useSelector;
export const useLoginEvents = loginFlow.useEvents;
