import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { signupMachine } from './signup.machine.ts';

export interface SignupDependencies {
  client: PortalClient;
  /** In-app navigation (the router's `navigate`). */
  navigate: (to: string) => void;
}

/** What `signupMachine.provide(...)` needs. */
export function createSignupImplementations({
  client,
  navigate,
}: SignupDependencies): ImplementationsOf<typeof signupMachine> {
  return {
    actors: {
      register: fromPromise(async ({ input, signal }) => {
        await client.api.POST('/api/client/auth/register', { body: input, signal });
      }),
    },
    actions: {
      navigate: (_, params) => navigate(params.to),
    },
  };
}
