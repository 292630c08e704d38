import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { logInActor } from '../login/login.actors.ts';
import { loginMachine } from '../login/login.machine.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import { attachPaidCheckout } from '../payment-success/attach.ts';
import type { onboardingMachine } from './onboarding.machine.ts';

export interface OnboardingDependencies {
  client: PortalClient;
  notify: Notify;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
  /**
   * The new (or existing, signed-in) account's tokens are stored (docs/product.md#onboarding): the
   * app tells its auth actor (`auth.sessionStarted`), which fetches the customer, before the
   * dashboard opens.
   */
  onSessionStarted: () => void;
}

/** What `onboardingMachine.provide(...)` needs. */
export function createOnboardingImplementations({
  client,
  notify,
  navigate,
  onSessionStarted,
}: OnboardingDependencies): ImplementationsOf<typeof onboardingMachine> {
  const { tokenStore } = client;
  return {
    actors: {
      verifySession: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.GET('/api/onboarding/sessions/{sessionId}', {
          params: { path: { sessionId: input.sessionId } },
          signal,
        });
        if (data === undefined) throw new Error('onboarding/sessions: réponse vide');
        return data;
      }),
      startRegistration: fromPromise(async ({ input, signal }) => {
        const { data } = await client.api.POST('/api/onboarding/register/start', {
          body: { session_id: input.sessionId },
          signal,
        });
        if (data === undefined) throw new Error('register/start: réponse vide');
        return { inviteToken: data.data.invite_token };
      }),
      finalizeRegistration: fromPromise(async ({ input, signal }) => {
        const inviteToken = tokenStore.getInviteToken();
        const { data } = await client.api.POST('/api/onboarding/register/finalize', {
          body: input,
          // docs/product.md#onboarding: the invite token is the bearer of this one call.
          ...(inviteToken === null ? {} : { headers: { Authorization: `Bearer ${inviteToken}` } }),
          signal,
        });
        return data?.tokens === undefined ? {} : { tokens: data.tokens };
      }),
      // The login's machine and call; the account's session is stored and announced as a new
      // account's is. Its banner is the offer's: no notification of its own.
      login: loginMachine.provide({
        actors: { logIn: logInActor(client) },
        actions: {
          sessionStarted: (_, session) => {
            tokenStore.setTokens(session.tokens);
            onSessionStarted();
          },
        },
      }),
      attachCheckout: fromPromise(({ input, signal }) =>
        attachPaidCheckout(client, input.sessionId, signal),
      ),
    },
    actions: {
      navigate: (_, params) => navigate(params.to),
      notify: (_, notification) => notify(notification),
      storeInviteToken: (_, params) => tokenStore.setInviteToken(params.inviteToken),
      clearInviteToken: () => tokenStore.clearInviteToken(),
      storeTokens: (_, params) => {
        if (params.tokens !== undefined) tokenStore.setTokens(params.tokens);
      },
      sessionStarted: () => onSessionStarted(),
    },
  };
}
