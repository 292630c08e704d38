import { assertEvent, assign, setup } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import type { FieldErrors } from '../domain/validation/form.ts';
import { validateForgotPassword } from '../domain/validation/forgot-password.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import { validateResetPassword, type ResetPasswordField } from './password-reset.validation.ts';

export interface ForgotPasswordContext {
  fieldErrors: FieldErrors<'email'>;
  error: string | null;
}

export type ForgotPasswordEvent = { type: 'forgot.submit'; email: string };

/**
 * Asks for a reset link. The confirmation is the same whether or not an account exists, so the
 * screen never tells a visitor which emails are registered.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestResetLink: notProvided<void, { email: string }>('requestResetLink'),
  },
  guards: {
    isValid: ({ event }) => validateForgotPassword(event).success,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { fieldErrors: {}, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.submit': [
          {
            guard: 'isValid',
            target: 'sending',
            actions: assign({ fieldErrors: {}, error: null }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => {
                const result = validateForgotPassword(event);
                return result.success ? {} : result.errors;
              },
            }),
          },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'requestResetLink',
        input: ({ event }) => {
          assertEvent(event, 'forgot.submit');
          const result = validateForgotPassword(event);
          if (!result.success) throw new Error('forgot.submit: invalid form');
          return result.output;
        },
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: assign({ error: messages.auth.forgotPasswordError }),
        },
      },
    },
    sent: { type: 'final' },
  },
});

export interface ResetPasswordInput {
  /** The token of the reset link; empty when the link carried none. */
  token: string;
}

export interface ResetPasswordContext {
  token: string;
  fieldErrors: FieldErrors<ResetPasswordField>;
  error: string | null;
}

export type ResetPasswordEvent = { type: 'reset.submit'; password: string; confirmation: string };

/** The screen the reset link opens: the token and a new password that follows the rules. */
export const resetPasswordMachine = setup({
  types: {
    input: {} as ResetPasswordInput,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    resetPassword: notProvided<void, { token: string; password: string }>('resetPassword'),
  },
  actions: {
    /** The app's session ends here: its tokens are dropped and the app signs out to /login. */
    endSession: () => {},
    notify: (_, _notification: AppNotification) => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isValid: ({ event }) => validateResetPassword(event).success,
    /** The link was opened in a signed-in tab (it comes from a mail). */
    isSignedIn: () => false,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, fieldErrors: {}, error: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'invalidLink' }],
    },
    invalidLink: { type: 'final' },
    editing: {
      on: {
        'reset.submit': [
          { guard: 'isValid', target: 'saving', actions: assign({ fieldErrors: {}, error: null }) },
          {
            actions: assign({
              fieldErrors: ({ event }) => {
                const result = validateResetPassword(event);
                return result.success ? {} : result.errors;
              },
            }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'reset.submit');
          return { token: context.token, password: event.password };
        },
        onDone: [
          // docs/product.md#forgot-and-reset-password: the reset ended every session of the
          // account, this one included: signed out cleanly, on /login, saying the reset is done.
          {
            guard: 'isSignedIn',
            target: 'done',
            actions: [
              'endSession',
              { type: 'notify', params: { type: 'success', message: messages.auth.resetSuccess } },
            ],
          },
          { target: 'done' },
        ],
        onError: {
          target: 'editing',
          // A password rule of the server goes on the field; anything else in the banner.
          actions: assign(({ event }) => {
            const fieldError = isApiError(event.error)
              ? event.error.fieldErrors.password
              : undefined;
            if (fieldError !== undefined) return { fieldErrors: { password: fieldError } };
            return {
              error: messageFor(event.error, {
                fallback: { serverMessageOr: messages.auth.resetPasswordError },
              }),
            };
          }),
        },
      },
    },
    done: { type: 'final' },
  },
});
