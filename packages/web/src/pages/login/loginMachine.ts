import { createLoginImplementations, loginMachine } from '@portal/core';
import type { AppServices } from '../../app/services.tsx';

/** The login form; the session it opens goes to the app's auth actor. */
export const buildLogin = ({ client, notify, auth }: AppServices) =>
  loginMachine.provide(
    createLoginImplementations({
      client,
      notify,
      onLoggedIn: (result) => auth.send({ type: 'auth.loggedIn', ...result }),
    }),
  );
