import { assign, raise, setup } from 'xstate';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type { AuthContext, AuthEvent, AuthUser, LoginResult } from './auth.types.ts';

/** Spec 4: logout always ends the session, whatever the server answered. */
const endSession = [
  'clearTokens',
  'clearUser',
  { type: 'notify', params: { type: 'success', message: messages.auth.logoutSuccess } },
  { type: 'navigate', params: { to: '/login' } },
] as const;

/** Spec 8, 401: the session is over; say so wherever the user lands. */
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
    clearUser: assign({ user: null }),
  },
  guards: {
    hasStoredToken: () => false,
    /** Neither token is stored any more (another tab logged out or its session expired). */
    areTokensGone: () => false,
    isOnLoginPage: () => false,
  },
}).createMachine({
  id: 'auth',
  context: { user: null },
  initial: 'starting',
  states: {
    starting: {
      always: [
        // Spec 4: with a stored token the user starts as authenticated.
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
            // The login flow opened a session (spec 4: store it, greet, open the dashboard).
            'auth.loggedIn': {
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
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: { target: '#auth.unauthenticated', actions: ['clearTokens', 'clearUser'] },
          },
        },
        ready: {},
        loggingOut: {
          // A second logout while the first is under way changes nothing.
          on: { 'auth.logout': {} },
          invoke: {
            id: 'logOut',
            src: 'logOut',
            // Spec 4: whatever the server says, the session ends here.
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
