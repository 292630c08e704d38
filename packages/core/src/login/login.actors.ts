import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import { userOf } from '../auth/auth.actors.ts';
import type { Credentials, LoginResult } from '../auth/auth.types.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { loginMachine } from './login.machine.ts';

export interface LoginDependencies {
  client: PortalClient;
  notify: Notify;
  /** The session the server opened: the app hands it to its auth actor (`auth.loggedIn`). */
  onLoggedIn: (result: LoginResult) => void;
}

/**
 * The login call (`POST /api/client/auth/login`), the login machine's `logIn` actor: the login
 * page's, and the onboarding's child's when the paying email already has an account.
 */
export function logInActor(client: PortalClient) {
  return fromPromise<LoginResult, Credentials>(async ({ input, signal }) => {
    const data = requireData(
      await client.api.POST('/api/client/auth/login', { body: input, signal }),
      'login',
    );
    return { user: userOf(data, 'login'), tokens: data.tokens };
  });
}

/** Everything `loginMachine.provide(...)` needs, over the real client. */
export function createLoginImplementations(
  deps: LoginDependencies,
): ImplementationsOf<typeof loginMachine> {
  const { client } = deps;
  return {
    actors: {
      logIn: logInActor(client),
    },
    actions: {
      sessionStarted: (_, result) => deps.onLoggedIn(result),
      notify: (_, notice) => deps.notify(notice),
    },
  };
}
