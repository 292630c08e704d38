import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from './response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { authMachine } from './auth.machine.ts';
import type { AuthUser } from './auth.types.ts';

export interface AuthDependencies {
  client: PortalClient;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
  notify: Notify;
  /** The current route path, so session expiry does not send /login to /login. */
  currentPath: () => string;
  /**
   * Where a failed logout call is reported; the user never sees it
   * (docs/product.md#session-and-authentication).
   */
  logger?: { error: (message: string, error: unknown) => void };
}

/** The account a login or profile answer carries. */
export function userOf(answer: { customer?: AuthUser; admin?: AuthUser }, call: string): AuthUser {
  const user = answer.customer ?? answer.admin;
  if (user === undefined) throw new Error(`${call}: ni client ni administrateur`);
  return user;
}

/** Everything `authMachine.provide(...)` needs, over the real client and the app's services. */
export function createAuthImplementations(
  deps: AuthDependencies,
): ImplementationsOf<typeof authMachine> {
  const { client } = deps;
  return {
    actors: {
      fetchCurrentUser: fromPromise(async () =>
        userOf(requireData(await client.api.GET('/api/client/profile'), 'profile'), 'profile'),
      ),
      logOut: fromPromise(async () => {
        await client.api.POST('/admin/auth/logout');
      }),
    },
    actions: {
      storeTokens: (_, tokens) => client.tokenStore.setTokens(tokens),
      clearTokens: () => client.tokenStore.clearTokens(),
      notify: (_, notice) => deps.notify(notice),
      navigate: (_, params) => deps.navigate(params.to),
      logError: (_, params) =>
        deps.logger?.error('Échec de la déconnexion côté serveur', params.error),
    },
    guards: {
      hasStoredToken: () => client.tokenStore.getAccessToken() !== null,
      areTokensGone: () =>
        client.tokenStore.getAccessToken() === null && client.tokenStore.getRefreshToken() === null,
      isOnLoginPage: () => deps.currentPath() === '/login',
    },
  };
}
