import type { SnapshotFrom } from 'xstate';
import type { passwordMachine } from './password.machine.ts';

export type PasswordSnapshot = SnapshotFrom<typeof passwordMachine>;

export const selectIsPasswordFormOpen = (snapshot: PasswordSnapshot): boolean =>
  !snapshot.matches('closed');
export const selectIsChangingPassword = (snapshot: PasswordSnapshot): boolean =>
  snapshot.matches('submitting');
export const selectPasswordForm = (snapshot: PasswordSnapshot) => snapshot.context.form;
export const selectPasswordFieldErrors = (snapshot: PasswordSnapshot) =>
  snapshot.context.fieldErrors;
export const selectPasswordError = (snapshot: PasswordSnapshot): string | null =>
  snapshot.context.error;
