/**
 * The cross-tab rule, headless: two tabs' token stores over one storage (the browser's `storage`
 * event simulated by `externalChange`), the real auth machine and its real implementations.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPortalClient } from '../api/client.ts';
import { createStorageTokenStore, tokenKeys, type StorageLike } from '../session/tokenStore.ts';
import { createAuthImplementations } from './auth.actors.ts';
import { authMachine } from './auth.machine.ts';
import { selectIsAuthenticated } from './auth.selectors.ts';
import { followTokensAcrossTabs } from './cross-tab.ts';
import { futureAccessToken } from './testing.ts';

const customer = {
  _id: 'c1',
  first_name: 'Jeanne',
  last_name: 'Martin',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
};

function sharedStorage(): StorageLike {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** This tab: a signed-in auth actor following its token store; `other` is another tab's store. */
async function signedInTab(path = '/dashboard') {
  const storage = sharedStorage();
  const tokenStore = createStorageTokenStore(storage);
  const other = createStorageTokenStore(storage);
  tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'refresh-1' });
  const client = createPortalClient({
    baseUrl: 'https://api.test',
    tokenStore,
    fetch: async (request: Request) =>
      new URL(request.url).pathname === '/api/client/profile'
        ? Response.json({ customer })
        : Response.json({ message: 'ok' }),
  });
  const spies = { navigate: vi.fn(), notify: vi.fn() };
  const auth = createActor(
    authMachine.provide(
      createAuthImplementations({
        client,
        navigate: spies.navigate,
        notify: spies.notify,
        currentPath: () => path,
      }),
    ),
  ).start();
  const stop = followTokensAcrossTabs(tokenStore, auth);
  await waitFor(auth, (s) => s.matches({ authenticated: 'ready' }));
  /** Another tab changed `key`: the browser's `storage` event reaches this tab. */
  const fromOtherTab = (change: () => void, key: string | null = tokenKeys.access) => {
    change();
    tokenStore.externalChange(key);
  };
  return { auth, tokenStore, other, spies, stop, fromOtherTab };
}

/** Lets the microtasks queued so far run (the rule tells the actor one microtask later). */
const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('tokens removed in another tab while signed in', () => {
  it('signs this tab out and sends it to /login, without a logout notice', async () => {
    const { auth, other, spies, fromOtherTab } = await signedInTab();
    fromOtherTab(() => other.clearTokens());
    await microtasks();
    expect(selectIsAuthenticated(auth.getSnapshot())).toBe(false);
    expect(auth.getSnapshot().context.user).toBeNull();
    expect(spies.navigate).toHaveBeenCalledWith('/login');
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('stays on /login when this tab is already there', async () => {
    const { auth, other, spies, fromOtherTab } = await signedInTab('/login');
    fromOtherTab(() => other.clearTokens());
    await microtasks();
    expect(selectIsAuthenticated(auth.getSnapshot())).toBe(false);
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it('the whole storage cleared counts too', async () => {
    const { auth, other, fromOtherTab } = await signedInTab();
    fromOtherTab(() => other.clearTokens(), null);
    await microtasks();
    expect(selectIsAuthenticated(auth.getSnapshot())).toBe(false);
  });

  it('a refresh in another tab (new tokens) keeps the session', async () => {
    const { auth, other, spies, fromOtherTab } = await signedInTab();
    fromOtherTab(() =>
      other.setTokens({ accessToken: futureAccessToken(), refreshToken: 'refresh-2' }),
    );
    await microtasks();
    expect(auth.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it("this tab's own logout is not mistaken for another tab's: one notice, one navigation", async () => {
    const { auth, spies } = await signedInTab();
    auth.send({ type: 'auth.logout' });
    await waitFor(auth, (s) => s.matches('unauthenticated'));
    await microtasks();
    expect(spies.notify).toHaveBeenCalledTimes(1);
    expect(spies.notify).toHaveBeenCalledWith({ type: 'success', message: 'Déconnexion réussie' });
    expect(spies.navigate).toHaveBeenCalledTimes(1);
  });

  it("this tab's own expiry (tokens cleared, then session.expired) keeps its warning", async () => {
    const { auth, tokenStore, spies } = await signedInTab();
    // What the transport does when a refresh fails: clear, then report, in the same task.
    tokenStore.clearTokens();
    auth.send({ type: 'session.expired' });
    await microtasks();
    expect(selectIsAuthenticated(auth.getSnapshot())).toBe(false);
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'warning',
      message: 'Session expirée, veuillez vous reconnecter',
    });
    expect(spies.navigate).toHaveBeenCalledTimes(1);
  });

  it('a visitor is not concerned, and unsubscribing stops following', async () => {
    const { auth, other, spies, stop, fromOtherTab } = await signedInTab();
    stop();
    fromOtherTab(() => other.clearTokens());
    await microtasks();
    expect(auth.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    auth.send({ type: 'session.tokensChanged' });
    expect(selectIsAuthenticated(auth.getSnapshot())).toBe(false);
    // Now a visitor: the event changes nothing.
    auth.send({ type: 'session.tokensChanged' });
    expect(selectIsAuthenticated(auth.getSnapshot())).toBe(false);
    expect(spies.navigate).toHaveBeenCalledTimes(1);
  });
});
