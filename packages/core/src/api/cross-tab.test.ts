/**
 * Two tabs (docs/security.md, item 6): two clients over two token stores sharing one storage, with
 * the browser's `storage` event simulated (delivered to the other tab only, later, in any order).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '../session/testing.ts';
import {
  createStorageTokenStore,
  tokenKeys,
  type SharedTokenStore,
  type StorageLike,
} from '../session/tokenStore.ts';
import { createPortalClient } from './client.ts';
import { ApiError } from './errors.ts';
import type { RefreshLock } from './transport.ts';
import {
  baseUrl,
  bodyText,
  createFakeBackend,
  json,
  type RecordedRequest,
} from './testing/fakeBackend.ts';
import { allSettledWithin, watchLeaks } from './testing/guards.ts';

// Many generated cases on a shared two-core machine: the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const accessFor = (generation: number) =>
  makeJwt({
    sub: 'c1',
    gen: generation,
    exp: NOW / 1000 + 3600,
    jti: `access-${generation}-secret`,
  });
const refreshFor = (generation: number) => `refresh-${generation}-secret`;
const A1 = accessFor(1);
const R1 = refreshFor(1);

/**
 * A backend that rotates refresh tokens and treats a reused one as theft: the whole session
 * family is revoked (the server's rule). Generation 1's access token is already dead.
 */
function rotatingServer() {
  const state = { generation: 1, revoked: false, reuses: 0, live: 'none' };
  const consumed = new Set<string>();
  const secrets = new Set([A1, R1]);
  const handle = (request: RecordedRequest): Response => {
    if (request.path === '/auth/refresh') {
      const { refreshToken } = JSON.parse(bodyText(request)) as { refreshToken: string };
      if (consumed.has(refreshToken)) {
        state.reuses += 1;
        state.revoked = true;
      }
      if (state.revoked || refreshToken !== refreshFor(state.generation)) {
        return json({ message: 'Refresh token invalide' }, 401);
      }
      consumed.add(refreshToken);
      state.generation += 1;
      state.live = accessFor(state.generation);
      const tokens = { accessToken: state.live, refreshToken: refreshFor(state.generation) };
      secrets.add(tokens.accessToken).add(tokens.refreshToken);
      return json(tokens);
    }
    if (!state.revoked && request.headers.get('Authorization') === `Bearer ${state.live}`) {
      return json({ path: request.path });
    }
    return json({ message: 'Jeton invalide' }, 401);
  };
  return { state, handle, secrets };
}

/** One lock for both tabs, as `navigator.locks.request(name, task)` gives in a browser. */
function sharedLock(): RefreshLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

type Deliver = (event: () => void) => void;

interface TabsOptions {
  fetch: (request: RecordedRequest) => Promise<Response>;
  /** How a `storage` event reaches the other tab (never: events lost). */
  deliver: Deliver;
  lock?: RefreshLock;
}

function twoTabs({ fetch, deliver, lock }: TabsOptions) {
  const leaks = watchLeaks();
  const values = new Map<string, string>([
    [tokenKeys.access, A1],
    [tokenKeys.refresh, R1],
  ]);
  const stores: SharedTokenStore[] = [];
  // The browser fires `storage` in every other page over the same storage, never in the writer.
  const broadcast = (from: number, key: string) => {
    stores.forEach((store, index) => {
      if (index !== from) deliver(() => store.externalChange(key));
    });
  };
  const storageOf = (tab: number): StorageLike => ({
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      if (values.get(key) === value) return;
      values.set(key, value);
      broadcast(tab, key);
    },
    removeItem: (key) => {
      if (values.delete(key)) broadcast(tab, key);
    },
  });
  const backend = createFakeBackend(fetch);
  const tabs = [0, 1].map((tab) => {
    const tokenStore = createStorageTokenStore(storageOf(tab));
    stores.push(tokenStore);
    const onSessionExpired = vi.fn();
    const changes = vi.fn();
    tokenStore.subscribe(changes);
    const client = createPortalClient({
      baseUrl,
      fetch: backend.fetch,
      tokenStore,
      now: () => NOW,
      onSessionExpired,
      ...(lock ? { refreshLock: lock } : {}),
    });
    const licences = () => client.api.GET('/api/client/licenses');
    return { tokenStore, client, onSessionExpired, changes, licences };
  });
  return {
    tabs: tabs as [(typeof tabs)[0], (typeof tabs)[0]],
    values,
    backend,
    checkLeaks: (secrets: Iterable<string>) => leaks.check(backend.requests, [...secrets]),
  };
}

/**
 * `storage` events held back until the test hands them over: they arrive later than the write,
 * on the test's cue rather than a timer's (no waiting on a busy machine).
 */
function heldEvents() {
  const held: (() => void)[] = [];
  const deliver: Deliver = (event) => void held.push(event);
  const deliverAll = () => {
    for (const event of held.splice(0)) event();
  };
  return { deliver, deliverAll };
}
const bearerOf = (request: RecordedRequest | undefined) =>
  request?.headers.get('Authorization') ?? null;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('6. two tabs over one storage', () => {
  it('a refresh in one tab is used by the other, which never sends the old refresh token', async () => {
    const server = rotatingServer();
    const events = heldEvents();
    const { tabs, backend, values, checkLeaks } = twoTabs({
      fetch: async (request) => server.handle(request),
      deliver: events.deliver,
    });
    const [first, second] = tabs;
    expect((await first.licences()).data).toEqual({ path: '/api/client/licenses' });
    // The second tab's request still leaves with the token it read before the refresh landed.
    expect((await second.licences()).data).toEqual({ path: '/api/client/licenses' });
    expect((await second.licences()).data).toEqual({ path: '/api/client/licenses' });

    const refreshes = backend.to('/auth/refresh');
    expect(refreshes.map((request) => JSON.parse(bodyText(request)))).toEqual([
      { refreshToken: R1 },
    ]);
    expect(server.state.reuses).toBe(0);
    expect(values.get(tokenKeys.refresh)).toBe(refreshFor(2));
    expect(second.tokenStore.getAccessToken()).toBe(accessFor(2));
    events.deliverAll();
    expect(second.changes).toHaveBeenCalled();
    for (const tab of tabs) expect(tab.onSessionExpired).not.toHaveBeenCalled();
    await checkLeaks(server.secrets);
  });

  it('two tabs renewing at the same moment share one refresh through the lock, in every ordering', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 4 }), async (s, perTab) => {
        const server = rotatingServer();
        const { tabs, backend, values, checkLeaks } = twoTabs({
          fetch: s.scheduleFunction(async (request: RecordedRequest) => server.handle(request)),
          deliver: (event) => void s.schedule(Promise.resolve()).then(event),
          lock: sharedLock(),
        });
        const calls = tabs.flatMap((tab) => Array.from({ length: perTab }, () => tab.licences()));
        const results = await s.waitFor(Promise.allSettled(calls));

        for (const result of results) expect(result.status).toBe('fulfilled');
        expect(backend.to('/auth/refresh')).toHaveLength(1);
        expect(server.state.reuses).toBe(0);
        expect(backend.to('/api/client/licenses').length).toBeLessThanOrEqual(4 * perTab);
        expect([values.get(tokenKeys.access), values.get(tokenKeys.refresh)]).toEqual([
          accessFor(2),
          refreshFor(2),
        ]);
        for (const tab of tabs) expect(tab.onSessionExpired).not.toHaveBeenCalled();
        await s.waitIdle();
        await checkLeaks(server.secrets);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('a logout in one tab logs the other out', async () => {
    const server = rotatingServer();
    const events = heldEvents();
    const { tabs, backend, values, checkLeaks } = twoTabs({
      fetch: async (request) => server.handle(request),
      deliver: events.deliver,
    });
    const [first, second] = tabs;
    await second.licences();
    first.tokenStore.clearTokens();
    // The other tab hears of it (the web layer then leaves for /login)...
    events.deliverAll();
    expect(second.changes).toHaveBeenCalled();
    expect([second.tokenStore.getAccessToken(), second.tokenStore.getRefreshToken()]).toEqual([
      null,
      null,
    ]);
    // ...and its next request goes out without a token and does not renew anything.
    const sent = backend.requests.length;
    const [late] = await allSettledWithin([second.licences()]);
    expect(late?.status).toBe('rejected');
    expect(backend.requests.slice(sent).map(bearerOf)).toEqual([null]);
    expect(values.size).toBe(0);
    await checkLeaks(server.secrets);
  });

  it('a refresh still running when the user logs out in another tab never writes tokens back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.boolean(), async (s, eventsArrive) => {
        const server = rotatingServer();
        const { tabs, values, checkLeaks } = twoTabs({
          fetch: s.scheduleFunction(async (request: RecordedRequest) => server.handle(request)),
          // Events may also be lost (or arrive too late to matter).
          deliver: (event) => void (eventsArrive && s.schedule(Promise.resolve()).then(event)),
        });
        const [first, second] = tabs;
        const logout = s.schedule(Promise.resolve()).then(() => first.tokenStore.clearTokens());
        const [result] = await s.waitFor(Promise.allSettled([second.licences()]));
        await s.waitFor(logout);
        await s.waitIdle();

        // Whatever came first, the logout wins: nothing is left in storage.
        expect(values.has(tokenKeys.access)).toBe(false);
        expect(values.has(tokenKeys.refresh)).toBe(false);
        if (result?.status === 'rejected') expect(result.reason).toBeInstanceOf(ApiError);
        expect(second.onSessionExpired.mock.calls.length).toBeLessThanOrEqual(1);
        expect(server.state.reuses).toBe(0);
        await checkLeaks(server.secrets);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('a logout in the same tab during its refresh also never writes tokens back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const server = rotatingServer();
        const { tabs, values, checkLeaks } = twoTabs({
          fetch: s.scheduleFunction(async (request: RecordedRequest) => server.handle(request)),
          deliver: (event) => void s.schedule(Promise.resolve()).then(event),
        });
        const [tab] = tabs;
        const logout = s.schedule(Promise.resolve()).then(() => tab.tokenStore.clearTokens());
        await s.waitFor(Promise.allSettled([tab.licences(), tab.licences()]));
        await s.waitFor(logout);
        await s.waitIdle();
        expect(values.size).toBe(0);
        await checkLeaks(server.secrets);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
