import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { messages } from '../domain/messages.ts';
import { authMachine } from './auth.machine.ts';
import {
  selectInitials,
  selectIsAuthenticated,
  selectLoginError,
  selectLoginFieldErrors,
  selectUser,
} from './auth.selectors.ts';
import type { AuthUser, Credentials, LoginResult } from './auth.types.ts';
import { createAuthImplementations } from './auth.actors.ts';
import { deferred, futureAccessToken, scriptedClient } from './testing.ts';

const customer: AuthUser = {
  _id: 'c1',
  first_name: 'Jeanne',
  last_name: 'martin',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
};
const admin: AuthUser = {
  _id: 'a1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@portal.fr',
  role: 'admin',
};
const tokens = { accessToken: 'access', refreshToken: 'refresh' };

interface Setup {
  storedToken?: boolean;
  path?: string;
  fetchCurrentUser?: () => Promise<AuthUser>;
  logIn?: (credentials: Credentials) => Promise<LoginResult>;
  logOut?: () => Promise<void>;
}

function start(options: Setup = {}) {
  const spies = {
    storeTokens: vi.fn(),
    clearTokens: vi.fn(),
    notify: vi.fn(),
    navigate: vi.fn(),
    logError: vi.fn(),
    logIn: vi.fn(options.logIn ?? (async () => ({ user: customer, tokens }))),
    fetchCurrentUser: vi.fn(options.fetchCurrentUser ?? (async () => customer)),
    logOut: vi.fn(options.logOut ?? (async () => undefined)),
  };
  const machine = authMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(() => spies.fetchCurrentUser()),
      logIn: fromPromise(({ input }: { input: Credentials }) => spies.logIn(input)),
      logOut: fromPromise(() => spies.logOut()),
    },
    actions: {
      storeTokens: (_, params) => spies.storeTokens(params),
      clearTokens: () => spies.clearTokens(),
      notify: (_, params) => spies.notify(params),
      navigate: (_, params) => spies.navigate(params.to),
      logError: (_, params) => spies.logError(params.error),
    },
    guards: {
      hasStoredToken: () => options.storedToken ?? false,
      isOnLoginPage: () => (options.path ?? '/dashboard') === '/login',
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() });
  actor.start();
  return { actor, spies };
}

const validLogin = {
  type: 'auth.login',
  email: ' jeanne@boutique.fr ',
  password: 'secret1',
} as const;

describe('auth start-up', () => {
  it('without a stored token is unauthenticated and fetches nothing', () => {
    const { actor, spies } = start();
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'idle' });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(spies.fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('with a stored token is authenticated at once and fetches the customer', async () => {
    const pending = deferred<AuthUser>();
    const { actor, spies } = start({ storedToken: true, fetchCurrentUser: () => pending.promise });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'loadingUser' });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(1);
    pending.resolve(customer);
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(selectInitials(actor.getSnapshot())).toBe('JM');
  });

  it('clears the tokens and becomes unauthenticated when the customer cannot be fetched', async () => {
    const { actor, spies } = start({
      storedToken: true,
      fetchCurrentUser: () => Promise.reject(new ApiError({ kind: 'http', status: 401 })),
    });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(selectInitials(actor.getSnapshot())).toBe('?');
    expect(spies.navigate).not.toHaveBeenCalled();
  });
});

describe('auth login', () => {
  it('refuses an invalid form without calling the server, with the field messages', () => {
    const { actor, spies } = start();
    actor.send({ type: 'auth.login', email: '', password: '123' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'idle' });
    expect(selectLoginFieldErrors(actor.getSnapshot())).toEqual({
      email: messages.validation.emailRequired,
      password: messages.validation.passwordMin6,
    });
    actor.send({ type: 'auth.login', email: 'pas-un-email', password: '' });
    expect(selectLoginFieldErrors(actor.getSnapshot())).toEqual({
      email: messages.validation.emailInvalid,
      password: messages.validation.passwordRequired,
    });
    expect(spies.logIn).not.toHaveBeenCalled();
  });

  it('stores the tokens, sets the customer, notifies and goes to /dashboard', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'auth.login', email: '', password: '' });
    actor.send({ ...validLogin, rememberMe: true });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'loggingIn' });
    expect(selectLoginFieldErrors(actor.getSnapshot())).toEqual({});
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(spies.logIn).toHaveBeenCalledWith({
      email: 'jeanne@boutique.fr',
      password: 'secret1',
      rememberMe: true,
    });
    expect(spies.storeTokens).toHaveBeenCalledWith(tokens);
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(spies.notify).toHaveBeenCalledWith({ type: 'success', message: 'Connexion réussie !' });
    expect(spies.navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('accepts an admin account and sends rememberMe false by default', async () => {
    const { actor, spies } = start({ logIn: async () => ({ user: admin, tokens }) });
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(spies.logIn).toHaveBeenCalledWith(expect.objectContaining({ rememberMe: false }));
    expect(selectInitials(actor.getSnapshot())).toBe('AL');
  });

  it('ignores a second login while the first is under way', () => {
    const { actor, spies } = start({ logIn: () => new Promise(() => {}) });
    actor.send(validLogin);
    expect(actor.getSnapshot().can(validLogin)).toBe(false);
    actor.send(validLogin);
    expect(spies.logIn).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message in the banner and the notification", async () => {
    const { actor, spies } = start({
      logIn: () =>
        Promise.reject(
          new ApiError({ kind: 'http', status: 401, data: { message: 'Identifiants invalides' } }),
        ),
    });
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches({ unauthenticated: 'idle' }));
    expect(selectLoginError(actor.getSnapshot())).toBe('Identifiants invalides');
    expect(spies.notify).toHaveBeenCalledWith({ type: 'error', message: 'Identifiants invalides' });
    expect(spies.storeTokens).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it("falls back to 'Erreur lors de la connexion' (banner) and 'Erreur de connexion' (notification)", async () => {
    const { actor, spies } = start({ logIn: () => Promise.reject(new TypeError('boom')) });
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches({ unauthenticated: 'idle' }));
    expect(selectLoginError(actor.getSnapshot())).toBe('Erreur lors de la connexion');
    expect(spies.notify).toHaveBeenCalledWith({ type: 'error', message: 'Erreur de connexion' });
  });

  it('clears the banner at the next valid attempt', async () => {
    let fail = true;
    const { actor } = start({
      logIn: async () => {
        if (fail) throw new Error('x');
        return { user: customer, tokens };
      },
    });
    actor.send(validLogin);
    await waitFor(actor, (s) => s.context.error !== null);
    fail = false;
    actor.send(validLogin);
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('authenticated'));
  });
});

describe('auth logout', () => {
  async function loggedIn(setup: Setup) {
    const started = start({ storedToken: true, ...setup });
    await waitFor(started.actor, (s) => s.matches({ authenticated: 'ready' }));
    return started;
  }

  it('calls the server, then clears tokens and user, notifies and goes to /login', async () => {
    const { actor, spies } = await loggedIn({});
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'loggingOut' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(spies.logOut).toHaveBeenCalledTimes(1);
    expect(spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(spies.notify).toHaveBeenCalledWith({ type: 'success', message: 'Déconnexion réussie' });
    expect(spies.navigate).toHaveBeenCalledWith('/login');
    expect(spies.logError).not.toHaveBeenCalled();
  });

  it('ends the session just the same when the server fails, and only logs the failure', async () => {
    const failure = new ApiError({ kind: 'network', status: 0 });
    const { actor, spies } = await loggedIn({ logOut: () => Promise.reject(failure) });
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(spies.logError).toHaveBeenCalledWith(failure);
    expect(spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(spies.notify).toHaveBeenCalledWith({ type: 'success', message: 'Déconnexion réussie' });
    expect(spies.notify).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenCalledWith('/login');
  });

  it('is refused when nobody is logged in', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'auth.logout' })).toBe(false);
  });
});

describe('session expiry', () => {
  it('clears the tokens and goes to /login', async () => {
    const { actor, spies } = start({ storedToken: true });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'idle' });
    expect(spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(spies.navigate).toHaveBeenCalledWith('/login');
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'warning',
      message: 'Session expirée, veuillez vous reconnecter',
    });
  });

  it('does not navigate when already on /login', async () => {
    const { actor, spies } = start({ storedToken: true, path: '/login' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
    expect(spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'warning',
      message: 'Session expirée, veuillez vous reconnecter',
    });
  });

  it('keeps the shell in step with an updated profile', async () => {
    const { actor } = start({ storedToken: true });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'user.updated', user: { ...customer, first_name: 'Zoé' } });
    expect(selectInitials(actor.getSnapshot())).toBe('ZM');
  });
});

describe('createAuthImplementations over the portal client', () => {
  function wired(
    script: Parameters<typeof scriptedClient>[0],
    path = '/dashboard',
    stored = false,
  ) {
    const { client, requests } = scriptedClient(script);
    // The start-up guard reads the store when the actor is created.
    if (stored)
      client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const deps = { notify: vi.fn(), navigate: vi.fn(), logger: { error: vi.fn() } };
    const implementations = createAuthImplementations({ client, currentPath: () => path, ...deps });
    const actor = createActor(authMachine.provide(implementations), {
      clock: new SimulatedClock(),
    });
    return { actor, client, requests, ...deps };
  }

  it('logs in with POST /api/client/auth/login and stores the tokens in the token store', async () => {
    const { actor, client, requests, navigate } = wired({
      'POST /api/client/auth/login': {
        status: 200,
        body: { message: 'ok', customer, tokens },
      },
    });
    actor.start();
    actor.send({ ...validLogin, rememberMe: true });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/client/auth/login',
      body: { email: 'jeanne@boutique.fr', password: 'secret1', rememberMe: true },
    });
    expect(client.tokenStore.getAccessToken()).toBe('access');
    expect(client.tokenStore.getRefreshToken()).toBe('refresh');
    expect(navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('starts from the stored token with GET /api/client/profile, and logs out with POST /admin/auth/logout', async () => {
    const { actor, client, requests, navigate, logger } = wired(
      {
        'GET /api/client/profile': { status: 200, body: { admin } },
        'POST /admin/auth/logout': { status: 500, body: { message: 'panne' } },
      },
      '/dashboard',
      true,
    );
    actor.start();
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectUser(actor.getSnapshot())).toEqual(admin);
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/client/profile',
      'POST /admin/auth/logout',
    ]);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(client.tokenStore.getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('reads the current path to decide whether session expiry navigates', async () => {
    const { actor, client, navigate } = wired(
      { 'GET /api/client/profile': { status: 200, body: { customer } } },
      '/login',
      true,
    );
    actor.start();
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'session.expired' });
    expect(client.tokenStore.getAccessToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(authMachine, { inspect: (event) => seen.push(event.type) });
  actor.start();
  actor.send({ type: 'auth.login', email: '', password: '' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});

describe('session ended in another tab', () => {
  it('clears the user and goes to /login without a server call or a notice', async () => {
    const { actor, spies } = start({ storedToken: true });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'idle' });
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(spies.navigate).toHaveBeenCalledWith('/login');
    // The other tab already removed the tokens and called the server.
    expect(spies.clearTokens).not.toHaveBeenCalled();
    expect(spies.logOut).not.toHaveBeenCalled();
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('stays on /login when already there', async () => {
    const { actor, spies } = start({ storedToken: true, path: '/login' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'session.ended' });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it('means nothing to a visitor', () => {
    const { actor, spies } = start();
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'idle' });
    expect(spies.navigate).not.toHaveBeenCalled();
  });
});

describe('session started by another flow', () => {
  it('enters the dashboard state with the given user', () => {
    const { actor, spies } = start();
    actor.send({ type: 'auth.sessionStarted', user: customer });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(spies.fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('fetches the customer with the stored tokens when no user is given', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'auth.sessionStarted' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
  });
});
