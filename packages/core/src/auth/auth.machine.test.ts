import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { authMachine } from './auth.machine.ts';
import { selectInitials } from './auth.identity.ts';
import {
  selectIsAdmin,
  selectIsAuthenticated,
  selectUser,
  selectUserLoadError,
} from './auth.selectors.ts';
import type { AuthUser } from './auth.types.ts';
import { createAuthImplementations } from './auth.actors.ts';
import { deferred, futureAccessToken, scriptedClient } from './testing.ts';
import type { PromiseFake } from '../machine-kit.ts';

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
  fetchCurrentUser?: PromiseFake<typeof authMachine, 'fetchCurrentUser'>;
  logOut?: PromiseFake<typeof authMachine, 'logOut'>;
}

function start(options: Setup = {}) {
  const spies = {
    storeTokens: vi.fn(),
    clearTokens: vi.fn(),
    notify: vi.fn(),
    navigate: vi.fn(),
    logError: vi.fn(),
    fetchCurrentUser: vi.fn(options.fetchCurrentUser ?? (async () => customer)),
    logOut: vi.fn(options.logOut ?? (async () => undefined)),
  };
  const machine = authMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(({ input }) => spies.fetchCurrentUser(input)),
      logOut: fromPromise(({ input }) => spies.logOut(input)),
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

describe('auth after a login', () => {
  it('stores the tokens, sets the customer, notifies and goes to /dashboard', () => {
    const { actor, spies } = start();
    actor.send({ type: 'auth.loggedIn', user: customer, tokens });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(spies.storeTokens).toHaveBeenCalledWith(tokens);
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(spies.notify).toHaveBeenCalledWith({ type: 'success', message: 'Connexion réussie !' });
    expect(spies.navigate).toHaveBeenCalledWith('/dashboard');
    expect(spies.fetchCurrentUser).not.toHaveBeenCalled();
  });

  it("stores an admin's session and never opens the merchant dashboard", () => {
    const { actor, spies } = start();
    actor.send({ type: 'auth.loggedIn', user: admin, tokens });
    expect(selectInitials(actor.getSnapshot())).toBe('AL');
    expect(selectIsAdmin(actor.getSnapshot())).toBe(true);
    expect(spies.storeTokens).toHaveBeenCalledWith(tokens);
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('a customer is no admin', () => {
    const { actor } = start();
    actor.send({ type: 'auth.loggedIn', user: customer, tokens });
    expect(selectIsAdmin(actor.getSnapshot())).toBe(false);
  });

  it('means nothing once a session is open', async () => {
    const { actor, spies } = start({ storedToken: true });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    actor.send({ type: 'auth.loggedIn', user: admin, tokens });
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(spies.storeTokens).not.toHaveBeenCalled();
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
    const deps = {
      notify: vi.fn(),
      navigate: vi.fn(),
      logger: { error: vi.fn() },
    };
    const implementations = createAuthImplementations({ client, currentPath: () => path, ...deps });
    const actor = createActor(authMachine.provide(implementations), {
      clock: new SimulatedClock(),
    });
    return { actor, client, requests, ...deps };
  }

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
  actor.send({ type: 'session.ended' });
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

describe('start-up fetch of the customer failing without refusing the session', () => {
  const clockOf = (actor: { clock: unknown }) => actor.clock as SimulatedClock;

  it.each([
    ['a server error', new ApiError({ kind: 'http', status: 500 })],
    ['a gateway error', new ApiError({ kind: 'http', status: 502 })],
    ['no answer', new ApiError({ kind: 'network', status: 0 })],
    ['a timeout', new ApiError({ kind: 'timeout', status: 0 })],
    ['an unreadable answer', new Error('profile: réponse vide')],
  ])('keeps the session on %s, says so, and retries after 5 s', async (_, failure) => {
    let answer: () => Promise<AuthUser> = () => Promise.reject(failure);
    const { actor, spies } = start({ storedToken: true, fetchCurrentUser: () => answer() });
    await waitFor(actor, (s) => s.matches({ authenticated: 'userUnavailable' }));
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(selectUserLoadError(actor.getSnapshot())).toBe(
      'Erreur lors de la récupération des informations utilisateur',
    );
    expect(spies.clearTokens).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(1);

    answer = async () => customer;
    clockOf(actor).increment(4_999);
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(1);
    clockOf(actor).increment(1);
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(2);
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(selectUserLoadError(actor.getSnapshot())).toBeNull();
  });

  it('retries at once on auth.retryUser', async () => {
    let answer: () => Promise<AuthUser> = () =>
      Promise.reject(new ApiError({ kind: 'http', status: 503 }));
    const { actor, spies } = start({ storedToken: true, fetchCurrentUser: () => answer() });
    await waitFor(actor, (s) => s.matches({ authenticated: 'userUnavailable' }));
    answer = async () => customer;
    actor.send({ type: 'auth.retryUser' });
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(2);
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    // The automatic retry does not fire later on top of it.
    clockOf(actor).increment(60_000);
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(2);
  });

  it('waits twice as long after each failure in a row, up to a minute', async () => {
    const { actor, spies } = start({
      storedToken: true,
      fetchCurrentUser: () => Promise.reject(new ApiError({ kind: 'network', status: 0 })),
    });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await waitFor(actor, (s) => s.matches({ authenticated: 'userUnavailable' }));
      let waited = 0;
      while (spies.fetchCurrentUser.mock.calls.length === attempt) {
        clockOf(actor).increment(1_000);
        waited += 1_000;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(spies.clearTokens).not.toHaveBeenCalled();
  });

  it('still ends the session when the server refuses it (401, failed renewal)', async () => {
    for (const refusal of [
      new ApiError({ kind: 'session-expired', status: 401 }),
      new ApiError({ kind: 'refresh-failed', status: 400 }),
    ]) {
      const { actor, spies } = start({
        storedToken: true,
        fetchCurrentUser: () => Promise.reject(refusal),
      });
      await waitFor(actor, (s) => s.matches('unauthenticated'));
      expect(spies.clearTokens).toHaveBeenCalledTimes(1);
      expect(selectUserLoadError(actor.getSnapshot())).toBeNull();
    }
  });

  it('can log out while the customer is not loaded', async () => {
    const { actor, spies } = start({
      storedToken: true,
      fetchCurrentUser: () => Promise.reject(new ApiError({ kind: 'http', status: 500 })),
    });
    await waitFor(actor, (s) => s.matches({ authenticated: 'userUnavailable' }));
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(spies.logOut).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenCalledWith('/login');
    clockOf(actor).increment(60_000);
    expect(spies.fetchCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('over the portal client: a 500 on GET /api/client/profile keeps the tokens, the retry loads the customer', async () => {
    const script: Parameters<typeof scriptedClient>[0] = {
      'GET /api/client/profile': { status: 500, body: { message: 'panne' } },
    };
    const { client, requests } = scriptedClient(script);
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const actor = createActor(
      authMachine.provide(
        createAuthImplementations({
          client,
          currentPath: () => '/dashboard',
          notify: vi.fn(),
          navigate: vi.fn(),
        }),
      ),
      { clock: new SimulatedClock() },
    ).start();
    await waitFor(actor, (s) => s.matches({ authenticated: 'userUnavailable' }));
    expect(client.tokenStore.getAccessToken()).not.toBeNull();
    script['GET /api/client/profile'] = { status: 200, body: { customer } };
    actor.send({ type: 'auth.retryUser' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/client/profile',
      'GET /api/client/profile',
    ]);
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
