import { assign, raise, setup } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type { Admin, AuthContext, AuthEvent, AuthUser, LoginResult } from './auth.types.ts';

/** An admin's account (the login and profile calls answer `admin` for one). */
export function isAdmin(user: AuthUser | null): user is Admin {
  return user !== null && 'role' in user && user.role === 'admin';
}

/** Where an admin works: the back office, a document of its own (docs/architecture.md). */
export const BACK_OFFICE_PATH = '/admin';

/**
 * docs/product.md#session-and-authentication: logout always ends the session, whatever the server
 * answered.
 */
const endSession = [
  'clearTokens',
  'clearUser',
  { type: 'notify', params: { type: 'success', message: messages.auth.logoutSuccess } },
  { type: 'navigate', params: { to: '/login' } },
] as const;

/**
 * The server refused the session itself (401, or a renewal it turned down): only then does a
 * failed start-up fetch of the customer end the session. A server error or no answer keeps it
 * (see docs/decisions.md, 'Authenticated-side statecharts').
 */
export function isSessionRefused(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 401 || error.kind === 'session-expired' || error.kind === 'refresh-failed')
  );
}

/** The first automatic retry of the customer fetch; each failure doubles it, up to the cap. */
export const USER_RETRY_FIRST_DELAY_MS = 5_000;
export const USER_RETRY_MAX_DELAY_MS = 60_000;

/** docs/product.md#http-status-texts, 401: the session is over; say so wherever the user lands. */
const expireSession = [
  'clearTokens',
  'clearUser',
  { type: 'notify', params: { type: 'warning', message: messages.auth.sessionExpired } },
] as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    fetchCurrentUser: notProvided<AuthUser>('fetchCurrentUser'),
    logOut: notProvided<void>('logOut'),
  },
  actions: {
    storeTokens: (_, _params: LoginResult['tokens']) => {},
    clearTokens: () => {},
    notify: (_, _params: AppNotification) => {},
    navigate: (_, _params: { to: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    setUser: assign({ user: (_, params: { user: AuthUser }) => params.user }),
    clearUser: assign({ user: null, userLoadFailures: 0 }),
    countUserLoadFailure: assign({
      userLoadFailures: ({ context }) => context.userLoadFailures + 1,
    }),
    forgetUserLoadFailures: assign({ userLoadFailures: 0 }),
  },
  guards: {
    hasStoredToken: () => false,
    /** Neither token is stored any more (another tab logged out or its session expired). */
    areTokensGone: () => false,
    isOnLoginPage: () => false,
    isSessionRefused: (_, params: { error: unknown }) => isSessionRefused(params.error),
  },
  delays: {
    userRetryDelay: ({ context }) =>
      Math.min(
        USER_RETRY_FIRST_DELAY_MS * 2 ** Math.max(context.userLoadFailures - 1, 0),
        USER_RETRY_MAX_DELAY_MS,
      ),
  },
}).createMachine({
  id: 'auth',
  context: { user: null, userLoadFailures: 0 },
  initial: 'starting',
  states: {
    starting: {
      always: [
        // docs/product.md#session-and-authentication: with a stored token the user starts as
        // authenticated.
        { guard: 'hasStoredToken', target: 'authenticated.loadingUser' },
        { target: 'unauthenticated' },
      ],
    },
    unauthenticated: {
      initial: 'idle',
      on: {
        'auth.sessionStarted': [
          {
            guard: ({ event }) => event.user !== undefined,
            target: 'authenticated.ready',
            actions: assign({ user: ({ event }) => event.user ?? null }),
          },
          { target: 'authenticated.loadingUser' },
        ],
      },
      states: {
        idle: {
          on: {
            // The login flow opened a session (docs/product.md#session-and-authentication: store
            // it, greet, open the dashboard).
            'auth.loggedIn': [
              {
                // An admin never sees the merchant dashboard: the login page leaves for the back
                // office, another document whose code a customer's browser never loads
                // (docs/decisions.md, 'The back office's own build').
                guard: ({ event }) => isAdmin(event.user),
                target: '#auth.authenticated.ready',
                actions: [
                  { type: 'storeTokens', params: ({ event }) => event.tokens },
                  { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
                ],
              },
              {
                target: '#auth.authenticated.ready',
                actions: [
                  { type: 'storeTokens', params: ({ event }) => event.tokens },
                  { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
                  {
                    type: 'notify',
                    params: { type: 'success', message: messages.auth.loginSuccess },
                  },
                  { type: 'navigate', params: { to: '/dashboard' } },
                ],
              },
            ],
          },
        },
      },
    },
    authenticated: {
      initial: 'ready',
      on: {
        'auth.logout': '.loggingOut',
        'user.updated': {
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        },
        // The cross-tab rule: the stored tokens changed; if they are gone, the session ended
        // elsewhere (see `followTokensAcrossTabs`).
        'session.tokensChanged': {
          guard: 'areTokensGone',
          actions: raise({ type: 'session.ended' }),
        },
        // Another tab already cleared the tokens and told the server: only this tab's state goes.
        'session.ended': [
          { guard: 'isOnLoginPage', target: 'unauthenticated', actions: 'clearUser' },
          {
            target: 'unauthenticated',
            actions: ['clearUser', { type: 'navigate', params: { to: '/login' } }],
          },
        ],
        'session.expired': [
          {
            guard: 'isOnLoginPage',
            target: 'unauthenticated',
            actions: expireSession,
          },
          {
            target: 'unauthenticated',
            actions: [...expireSession, { type: 'navigate', params: { to: '/login' } }],
          },
        ],
      },
      states: {
        loadingUser: {
          invoke: {
            id: 'fetchCurrentUser',
            src: 'fetchCurrentUser',
            onDone: {
              target: 'ready',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                'forgetUserLoadFailures',
              ],
            },
            onError: [
              {
                guard: {
                  type: 'isSessionRefused',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#auth.unauthenticated',
                actions: ['clearTokens', 'clearUser'],
              },
              // A server error or no answer: the session stays, the customer is asked again.
              { target: 'userUnavailable', actions: 'countUserLoadFailure' },
            ],
          },
        },
        /** Signed in, but the customer could not be loaded: a retry now, or after a delay. */
        userUnavailable: {
          on: { 'auth.retryUser': 'loadingUser' },
          after: { userRetryDelay: 'loadingUser' },
        },
        ready: {},
        loggingOut: {
          // A second logout while the first is under way changes nothing.
          on: { 'auth.logout': {} },
          invoke: {
            id: 'logOut',
            src: 'logOut',
            // docs/product.md#session-and-authentication: whatever the server says, the session
            // ends here.
            onDone: { target: '#auth.unauthenticated', actions: endSession },
            onError: {
              target: '#auth.unauthenticated',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                ...endSession,
              ],
            },
          },
        },
      },
    },
  },
});
