import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from './response.ts';
import type { AuthUser, LoginResult } from './auth.types.ts';
import type { AppNotification, Notify } from '../notifications/notifications.types.ts';

export interface AuthDependencies {
  client: PortalClient;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
  notify: Notify;
  /** The current route path, so session expiry does not send /login to /login. */
  currentPath: () => string;
  /** Where a failed logout call is reported; the user never sees it (spec 4). */
  logger?: { error: (message: string, error: unknown) => void };
}

/** The account a login or profile answer carries. */
export function userOf(answer: { customer?: AuthUser; admin?: AuthUser }, call: string): AuthUser {
  const user = answer.customer ?? answer.admin;
  if (user === undefined) throw new Error(`${call}: ni client ni administrateur`);
  return user;
}

/** Everything `authMachine.provide(...)` needs, over the real client and the app's services. */
export function createAuthImplementations(deps: AuthDependencies) {
  const { client } = deps;
  return {
    actors: {
      fetchCurrentUser: fromPromise<AuthUser>(async () =>
        userOf(requireData(await client.api.GET('/api/client/profile'), 'profile'), 'profile'),
      ),
      logOut: fromPromise<void>(async () => {
        await client.api.POST('/admin/auth/logout');
      }),
    },
    actions: {
      storeTokens: (_: unknown, tokens: LoginResult['tokens']) =>
        client.tokenStore.setTokens(tokens),
      clearTokens: () => client.tokenStore.clearTokens(),
      notify: (_: unknown, notice: AppNotification) => deps.notify(notice),
      navigate: (_: unknown, params: { to: string }) => deps.navigate(params.to),
      logError: (_: unknown, params: { error: unknown }) =>
        deps.logger?.error('Échec de la déconnexion côté serveur', params.error),
    },
    guards: {
      hasStoredToken: () => client.tokenStore.getAccessToken() !== null,
      isOnLoginPage: () => deps.currentPath() === '/login',
    },
  };
}
