import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { SignupPayload } from '../domain/validation/signup.ts';

export interface SignupDependencies {
  client: PortalClient;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
}

export function createSignupImplementations({ client, navigate }: SignupDependencies) {
  return {
    actors: {
      register: fromPromise<void, SignupPayload>(async ({ input, signal }) => {
        await client.api.POST('/api/client/auth/register', { body: input, signal });
      }),
    },
    actions: {
      navigate: (_: unknown, params: { to: string }) => navigate(params.to),
    },
  };
}
