import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { Tokens } from '../session/tokenStore.ts';
import type { FinalizeRequest, FinalizeResult, SessionVerification } from './onboarding.types.ts';

export interface OnboardingDependencies {
  client: PortalClient;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
}

export function createOnboardingImplementations({ client, navigate }: OnboardingDependencies) {
  const { tokenStore } = client;
  return {
    actors: {
      verifySession: fromPromise<SessionVerification, { sessionId: string }>(
        async ({ input, signal }) => {
          const { data } = await client.api.GET('/api/onboarding/sessions/{sessionId}', {
            params: { path: { sessionId: input.sessionId } },
            signal,
          });
          if (data === undefined) throw new Error('onboarding/sessions: réponse vide');
          return data;
        },
      ),
      startRegistration: fromPromise<{ inviteToken: string }, { sessionId: string }>(
        async ({ input, signal }) => {
          const { data } = await client.api.POST('/api/onboarding/register/start', {
            body: { session_id: input.sessionId },
            signal,
          });
          if (data === undefined) throw new Error('register/start: réponse vide');
          return { inviteToken: data.data.invite_token };
        },
      ),
      finalizeRegistration: fromPromise<FinalizeResult, FinalizeRequest>(
        async ({ input, signal }) => {
          const inviteToken = tokenStore.getInviteToken();
          const { data } = await client.api.POST('/api/onboarding/register/finalize', {
            body: input,
            // Spec 4: the invite token is the bearer of this one call.
            ...(inviteToken === null
              ? {}
              : { headers: { Authorization: `Bearer ${inviteToken}` } }),
            signal,
          });
          return data?.tokens === undefined ? {} : { tokens: data.tokens };
        },
      ),
    },
    actions: {
      navigate: (_: unknown, params: { to: string }) => navigate(params.to),
      storeInviteToken: (_: unknown, params: { inviteToken: string }) =>
        tokenStore.setInviteToken(params.inviteToken),
      clearInviteToken: () => tokenStore.clearInviteToken(),
      storeTokens: (_: unknown, params: { tokens: Tokens | undefined }) => {
        if (params.tokens !== undefined) tokenStore.setTokens(params.tokens);
      },
    },
  };
}
