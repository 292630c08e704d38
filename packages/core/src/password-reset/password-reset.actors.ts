import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { forgotPasswordMachine, resetPasswordMachine } from './password-reset.machine.ts';

export interface PasswordResetDependencies {
  client: PortalClient;
}

/** `forgotPasswordMachine.provide(...)` over the real client. */
export function createForgotPasswordImplementations({
  client,
}: PasswordResetDependencies): ImplementationsOf<typeof forgotPasswordMachine> {
  return {
    actors: {
      requestResetLink: fromPromise(async ({ input, signal }) => {
        await client.api.POST('/admin/auth/forgot-password', { body: input, signal });
      }),
    },
  };
}

/** `resetPasswordMachine.provide(...)` over the real client. */
export function createResetPasswordImplementations({
  client,
}: PasswordResetDependencies): ImplementationsOf<typeof resetPasswordMachine> {
  return {
    actors: {
      resetPassword: fromPromise(async ({ input, signal }) => {
        await client.api.POST('/admin/auth/reset-password', { body: input, signal });
      }),
    },
  };
}
