import { assertEvent, assign, setup } from 'xstate';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import { validateLogin } from '../domain/validation/login.ts';
import { notProvided } from '../machine-kit.ts';
import type { Credentials, LoginResult } from '../auth/auth.types.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type { LoginContext, LoginEvent } from './login.types.ts';

/** Banner text: the server's own words when it sent some. */
function loginBannerMessage(error: unknown): string {
  return messageFor(error, { fallback: { serverMessageOr: messages.auth.loginError } });
}

/** Notification text: the server's words, else the fallback of docs/product.md#feature-errors. */
function noticeMessage(error: unknown): string {
  return messageFor(error, { fallback: { serverMessageOr: messages.auth.loginFallback } });
}

/**
 * The login form (docs/product.md#login, docs/product.md#login-form): validated before any call,
 * one call at a time, the server's words on failure. A success hands the session to the auth actor
 * (`sessionStarted`), which stores it, greets and opens the dashboard. Kept apart from the auth
 * machine, which every page starts, so the form's rules load with the login page only
 * (docs/performance.md).
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    logIn: notProvided<LoginResult, Credentials>('logIn'),
  },
  actions: {
    sessionStarted: (_, _params: LoginResult) => {},
    notify: (_, _params: AppNotification) => {},
    clearErrors: assign({ error: null, fieldErrors: {} }),
    showFieldErrors: assign({
      fieldErrors: ({ event }) => {
        const result = validateLogin(event);
        return result.success ? {} : result.errors;
      },
    }),
  },
  guards: {
    isFormValid: ({ event }) => validateLogin(event).success,
  },
}).createMachine({
  id: 'login',
  context: { error: null, fieldErrors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.submit': [
          { guard: 'isFormValid', target: 'loggingIn', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    loggingIn: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => {
          assertEvent(event, 'login.submit');
          const result = validateLogin(event);
          // The guard let only a valid form in; the output is the trimmed payload.
          if (!result.success) throw new Error('login.submit: invalid form');
          return { ...result.output, rememberMe: event.rememberMe ?? false };
        },
        onDone: {
          target: 'loggedIn',
          actions: { type: 'sessionStarted', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => loginBannerMessage(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => ({ type: 'error', message: noticeMessage(event.error) }),
            },
          ],
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});
