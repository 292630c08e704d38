import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';

export interface PasswordResetDependencies {
  client: PortalClient;
}

/** `forgotPasswordMachine.provide(...)` over the real client. */
export function createForgotPasswordImplementations({ client }: PasswordResetDependencies) {
  return {
    actors: {
      requestResetLink: fromPromise<void, { email: string }>(async ({ input, signal }) => {
        await client.api.POST('/admin/auth/forgot-password', { body: input, signal });
      }),
    },
  };
}

/** `resetPasswordMachine.provide(...)` over the real client. */
export function createResetPasswordImplementations({ client }: PasswordResetDependencies) {
  return {
    actors: {
      resetPassword: fromPromise<void, { token: string; password: string }>(
        async ({ input, signal }) => {
          await client.api.POST('/admin/auth/reset-password', { body: input, signal });
        },
      ),
    },
  };
}
