import {
  createForgotPasswordImplementations,
  createResetPasswordImplementations,
  forgotPasswordMachine,
  resetPasswordMachine,
  selectIsAuthenticated,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** Asking for a reset link (/forgot-password). */
export const forgotPasswordFlow = createFlow({
  machine: forgotPasswordMachine,
  implement: ({ client }) => createForgotPasswordImplementations({ client }),
  commands: (send) => ({
    requestLink: (email: string) => send({ type: 'forgot.submit', email }),
  }),
});

export const ForgotPasswordProvider = forgotPasswordFlow.Provider;
export const useForgotPasswordSelector = forgotPasswordFlow.useSelector;
export const useForgotPasswordEvents = forgotPasswordFlow.useEvents;

/**
 * Choosing a new password from the link (/reset-password?token=...), signed in or not: the reset
 * ends every session of the account, so a signed-in tab signs out (`session.ended`, to /login).
 */
export const resetPasswordFlow = createFlow({
  machine: resetPasswordMachine,
  implement: ({ client, notify, auth }) =>
    createResetPasswordImplementations({
      client,
      notify,
      isSignedIn: () => selectIsAuthenticated(auth.getSnapshot()),
      onSessionEnded: () => auth.send({ type: 'session.ended' }),
    }),
  commands: (send) => ({
    save: (password: string, confirmation: string) =>
      send({ type: 'reset.submit', password, confirmation }),
  }),
});

export const ResetPasswordProvider = resetPasswordFlow.Provider;
export const useResetPasswordSelector = resetPasswordFlow.useSelector;
export const useResetPasswordEvents = resetPasswordFlow.useEvents;
