import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
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

export interface ResetPasswordDependencies extends PasswordResetDependencies {
  notify: Notify;
  /** The app holds a session (the link, from a mail, may open in a signed-in tab). */
  isSignedIn: () => boolean;
  /** The session's tokens are gone: the app's auth actor signs out (`session.ended`, to /login). */
  onSessionEnded: () => void;
}

/** `resetPasswordMachine.provide(...)` over the real client. */
export function createResetPasswordImplementations({
  client,
  notify,
  isSignedIn,
  onSessionEnded,
}: ResetPasswordDependencies): ImplementationsOf<typeof resetPasswordMachine> {
  return {
    actors: {
      resetPassword: fromPromise(async ({ input, signal }) => {
        await client.api.POST('/admin/auth/reset-password', { body: input, signal });
      }),
    },
    actions: {
      endSession: () => {
        client.tokenStore.clearTokens();
        onSessionEnded();
      },
      notify: (_, notification) => notify(notification),
    },
    guards: { isSignedIn: () => isSignedIn() },
  };
}
