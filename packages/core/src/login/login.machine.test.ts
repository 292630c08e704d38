import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { authMachine } from '../auth/auth.machine.ts';
import { createAuthImplementations } from '../auth/auth.actors.ts';
import { selectIsAdmin, selectUser } from '../auth/auth.selectors.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { scriptedClient } from '../auth/testing.ts';
import { messages } from '../domain/messages.ts';
import { createLoginImplementations } from './login.actors.ts';
import { loginMachine } from './login.machine.ts';
import { selectIsLoggingIn, selectLoginError, selectLoginFieldErrors } from './login.selectors.ts';
import type { PromiseFake } from '../machine-kit.ts';

const customer: AuthUser = {
  _id: 'c1',
  first_name: 'Jeanne',
  last_name: 'martin',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
};
const tokens = { accessToken: 'access', refreshToken: 'refresh' };

const validLogin = {
  type: 'login.submit',
  email: ' jeanne@boutique.fr ',
  password: 'secret1',
} as const;

function start(
  logIn: PromiseFake<typeof loginMachine, 'logIn'> = async () => ({
    user: customer,
    tokens,
  }),
) {
  const spies = { logIn: vi.fn(logIn), sessionStarted: vi.fn(), notify: vi.fn() };
  const machine = loginMachine.provide({
    actors: { logIn: fromPromise(({ input }) => spies.logIn(input)) },
    actions: {
      sessionStarted: (_, result) => spies.sessionStarted(result),
      notify: (_, notice) => spies.notify(notice),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() });
  actor.start();
  return { actor, spies };
}

describe('login form', () => {
  it('refuses an invalid form without calling the server, with the field messages', () => {
    const { actor, spies } = start();
    actor.send({ type: 'login.submit', email: '', password: '123' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectLoginFieldErrors(actor.getSnapshot())).toEqual({
      email: messages.validation.emailRequired,
      password: messages.validation.passwordMin6,
    });
    actor.send({ type: 'login.submit', email: 'pas-un-email', password: '' });
    expect(selectLoginFieldErrors(actor.getSnapshot())).toEqual({
      email: messages.validation.emailInvalid,
      password: messages.validation.passwordRequired,
    });
    expect(spies.logIn).not.toHaveBeenCalled();
  });

  it('sends the trimmed form, then hands the session over', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'login.submit', email: '', password: '' });
    actor.send({ ...validLogin, rememberMe: true });
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true);
    expect(selectLoginFieldErrors(actor.getSnapshot())).toEqual({});
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.logIn).toHaveBeenCalledWith({
      email: 'jeanne@boutique.fr',
      password: 'secret1',
      rememberMe: true,
    });
    expect(spies.sessionStarted).toHaveBeenCalledWith({ user: customer, tokens });
  });

  it('sends rememberMe false by default', async () => {
    const { actor, spies } = start();
    actor.send(validLogin);
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.logIn).toHaveBeenCalledWith(expect.objectContaining({ rememberMe: false }));
  });

  it('ignores a second login while the first is under way', () => {
    const { actor, spies } = start(() => new Promise(() => {}));
    actor.send(validLogin);
    expect(actor.getSnapshot().can(validLogin)).toBe(false);
    actor.send(validLogin);
    expect(spies.logIn).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message in the banner and the notification", async () => {
    const { actor, spies } = start(() =>
      Promise.reject(
        new ApiError({ kind: 'http', status: 401, data: { message: 'Identifiants invalides' } }),
      ),
    );
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectLoginError(actor.getSnapshot())).toBe('Identifiants invalides');
    expect(spies.notify).toHaveBeenCalledWith({ type: 'error', message: 'Identifiants invalides' });
    expect(spies.sessionStarted).not.toHaveBeenCalled();
  });

  it("falls back to 'Erreur lors de la connexion' (banner) and 'Erreur de connexion' (notification)", async () => {
    const { actor, spies } = start(() => Promise.reject(new TypeError('boom')));
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectLoginError(actor.getSnapshot())).toBe('Erreur lors de la connexion');
    expect(spies.notify).toHaveBeenCalledWith({ type: 'error', message: 'Erreur de connexion' });
  });

  it('clears the banner at the next valid attempt', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('x');
      return { user: customer, tokens };
    });
    actor.send(validLogin);
    await waitFor(actor, (s) => s.context.error !== null);
    fail = false;
    actor.send(validLogin);
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
  });
});

describe('login and auth over the portal client', () => {
  it('logs in with POST /api/client/auth/login; the auth actor stores the tokens and opens the dashboard', async () => {
    const { client, requests } = scriptedClient({
      'POST /api/client/auth/login': { status: 200, body: { message: 'ok', customer, tokens } },
    });
    const navigate = vi.fn();
    const notify = vi.fn();
    const auth = createActor(
      authMachine.provide(
        createAuthImplementations({
          client,
          navigate,
          notify,
          currentPath: () => '/login',
        }),
      ),
    );
    auth.start();
    const login = createActor(
      loginMachine.provide(
        createLoginImplementations({
          client,
          notify,
          onLoggedIn: (result) => auth.send({ type: 'auth.loggedIn', ...result }),
        }),
      ),
    );
    login.start();
    login.send({ ...validLogin, rememberMe: true });
    await waitFor(auth, (s) => s.matches('authenticated'));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/client/auth/login',
      body: { email: 'jeanne@boutique.fr', password: 'secret1', rememberMe: true },
    });
    expect(client.tokenStore.getAccessToken()).toBe('access');
    expect(client.tokenStore.getRefreshToken()).toBe('refresh');
    expect(selectUser(auth.getSnapshot())).toEqual(customer);
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'Connexion réussie !' });
    expect(navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('an answer carrying `admin` stores the session of an admin, and never opens the dashboard', async () => {
    const admin = {
      _id: 'a1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'admin@theme-portal.test',
      role: 'admin' as const,
    };
    const { client } = scriptedClient({
      'POST /api/client/auth/login': { status: 200, body: { message: 'ok', admin, tokens } },
    });
    const navigate = vi.fn();
    const auth = createActor(
      authMachine.provide(
        createAuthImplementations({
          client,
          navigate,
          notify: vi.fn(),
          currentPath: () => '/login',
        }),
      ),
    ).start();
    const login = createActor(
      loginMachine.provide(
        createLoginImplementations({
          client,
          notify: vi.fn(),
          onLoggedIn: (result) => auth.send({ type: 'auth.loggedIn', ...result }),
        }),
      ),
    ).start();
    login.send({ ...validLogin, rememberMe: false });
    await waitFor(auth, (s) => s.matches('authenticated'));
    expect(client.tokenStore.getAccessToken()).toBe('access');
    expect(selectUser(auth.getSnapshot())).toEqual(admin);
    expect(selectIsAdmin(auth.getSnapshot())).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
