import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine, resetPasswordMachine } from './password-reset.machine.ts';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectForgotFieldErrors = (snapshot: ForgotPasswordSnapshot) =>
  snapshot.context.fieldErrors;
export const selectForgotError = (snapshot: ForgotPasswordSnapshot) => snapshot.context.error;
export const selectIsSendingResetLink = (snapshot: ForgotPasswordSnapshot) =>
  snapshot.matches('sending');
/** The link was asked for: the screen confirms (the same whether or not the email has an account). */
export const selectIsResetLinkSent = (snapshot: ForgotPasswordSnapshot) => snapshot.matches('sent');

export const selectResetFieldErrors = (snapshot: ResetPasswordSnapshot) =>
  snapshot.context.fieldErrors;
export const selectResetError = (snapshot: ResetPasswordSnapshot) => snapshot.context.error;
export const selectIsSavingNewPassword = (snapshot: ResetPasswordSnapshot) =>
  snapshot.matches('saving');
/** The link carries no token: nothing to reset with. */
export const selectIsResetLinkInvalid = (snapshot: ResetPasswordSnapshot) =>
  snapshot.matches('invalidLink');
export const selectIsPasswordReset = (snapshot: ResetPasswordSnapshot) => snapshot.matches('done');
