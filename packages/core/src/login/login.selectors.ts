import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine.ts';

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectIsLoggingIn = (snapshot: LoginSnapshot): boolean =>
  snapshot.matches('loggingIn');

/** The login page's banner text. */
export const selectLoginError = (snapshot: LoginSnapshot): string | null => snapshot.context.error;

export const selectLoginFieldErrors = (snapshot: LoginSnapshot) => snapshot.context.fieldErrors;
