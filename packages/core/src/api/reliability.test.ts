/**
 * Faults, races and hostile answers for the client (issue 9, items 1 to 5 and 7). Every test
 * also checks that each pending promise settles, nothing is sent twice, and no token shows up
 * in a URL, a log line or an unhandled rejection.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../domain/messages.ts';
import { makeJwt } from '../session/testing.ts';
import {
  createMemoryTokenStore,
  createStorageTokenStore,
  tokenKeys,
  type StorageLike,
  type TokenStore,
  type Tokens,
} from '../session/tokenStore.ts';
import { createPortalClient } from './client.ts';
import { ApiError } from './errors.ts';
import {
  baseUrl,
  bodyText,
  createFakeBackend,
  json,
  type Handler,
  type RecordedRequest,
} from './testing/fakeBackend.ts';
import { allSettledWithin, watchLeaks } from './testing/guards.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const jwtFor = (label: string, exp: unknown = NOW / 1000 + 3600) =>
  makeJwt({ sub: label, exp, jti: `access-${label}-secret` });
const A1 = jwtFor('a1');
const A2 = jwtFor('a2');
const R1 = 'refresh-token-one-secret';
const R2 = 'refresh-token-two-secret';
const session: Tokens = { accessToken: A1, refreshToken: R1 };
const renewed: Tokens = { accessToken: A2, refreshToken: R2 };
const secrets = [A1, A2, R1, R2];

const bearerOf = (request: RecordedRequest | undefined) =>
  request?.headers.get('Authorization') ?? null;

interface SetupOptions {
  tokens?: Tokens | null;
  tokenStore?: TokenStore;
  now?: () => number;
}

function setup(handler: Handler, options: SetupOptions = {}) {
  const leaks = watchLeaks();
  const backend = createFakeBackend(handler);
  const tokenStore = options.tokenStore ?? createMemoryTokenStore();
  if (options.tokens !== null) tokenStore.setTokens(options.tokens ?? session);
  const onSessionExpired = vi.fn();
  const client = createPortalClient({
    baseUrl,
    fetch: backend.fetch,
    tokenStore,
    now: options.now ?? (() => NOW),
    onSessionExpired,
  });
  const clearTokens = vi.spyOn(tokenStore, 'clearTokens');
  return {
    backend,
    tokenStore,
    client,
    onSessionExpired,
    clearTokens,
    /** No token in a URL or a log line, no unhandled rejection. */
    checkLeaks: () => leaks.check(backend.requests, secrets),
  };
}

/** Only `A2` is accepted; the refresh call answers with `refreshAnswer`. */
function sessionServer(refreshAnswer: () => Response | Promise<Response> = () => json(renewed)) {
  return (request: RecordedRequest): Response | Promise<Response> => {
    if (request.path === '/auth/refresh') return refreshAnswer();
    if (bearerOf(request) === `Bearer ${A2}`) {
      return json({ path: request.path, body: bodyText(request) });
    }
    return json({ message: 'Jeton invalide' }, 401);
  };
}

const ids = Array.from({ length: 20 }, (_, i) => `licence-${i}`);
type Client = ReturnType<typeof setup>['client'];
const editLicence = (client: Client, id: string) =>
  client.api.PUT('/api/client/licenses/{id}', {
    params: { path: { id } },
    body: { custom_domain: `${id}.fr`, shop_domain: `${id}.myshopify.com` },
  });
const licences = (client: Client) => client.api.GET('/api/client/licenses');

function rejections(results: PromiseSettledResult<unknown>[]): ApiError[] {
  return results.map((result) => {
    expect(result.status).toBe('rejected');
    const reason: unknown = result.status === 'rejected' ? result.reason : undefined;
    expect(reason).toBeInstanceOf(ApiError);
    return reason as ApiError;
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('1. twenty parallel requests with a dead access token', () => {
  it('cost one refresh and one good send each, in every ordering', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const server = sessionServer();
        const { backend, client, tokenStore, onSessionExpired, checkLeaks } = setup(
          s.scheduleFunction(async (request: RecordedRequest) => server(request)),
        );
        const results = await s.waitFor(
          Promise.allSettled(ids.map((id) => editLicence(client, id))),
        );

        const refreshes = backend.to('/auth/refresh');
        expect(refreshes).toHaveLength(1);
        expect(JSON.parse(bodyText(refreshes[0]!))).toEqual({ refreshToken: R1 });
        for (const [i, id] of ids.entries()) {
          const sends = backend.to(`/api/client/licenses/${id}`);
          // Sent with the dead token at most once, then exactly once with the new one.
          expect(sends.map(bearerOf).filter((bearer) => bearer !== `Bearer ${A1}`)).toEqual([
            `Bearer ${A2}`,
          ]);
          expect(sends.length).toBeLessThanOrEqual(2);
          expect(bearerOf(sends.at(-1))).toBe(`Bearer ${A2}`);
          for (const send of sends) expect(bodyText(send)).toBe(bodyText(sends[0]!));
          const result = results[i];
          expect(result?.status).toBe('fulfilled');
          if (result?.status === 'fulfilled') {
            expect(result.value.data).toMatchObject({ path: `/api/client/licenses/${id}` });
          }
        }
        expect([tokenStore.getAccessToken(), tokenStore.getRefreshToken()]).toEqual([A2, R2]);
        expect(onSessionExpired).not.toHaveBeenCalled();
        await checkLeaks();
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});

describe('2. expiry edge cases', () => {
  it('sends a token valid one more second, then refreshes first once the clock crosses exp', async () => {
    let clock = NOW;
    const soon = jwtFor('soon', NOW / 1000 + 1);
    const { backend, client, checkLeaks } = setup(
      (request) => (request.path === '/auth/refresh' ? json(renewed) : json({ licenses: [] }, 200)),
      { tokens: { accessToken: soon, refreshToken: R1 }, now: () => clock },
    );
    await licences(client);
    clock += 999;
    await licences(client);
    expect(backend.requests.map(bearerOf)).toEqual([`Bearer ${soon}`, `Bearer ${soon}`]);
    clock += 1;
    await licences(client);
    expect(backend.requests.slice(2).map((request) => [request.path, bearerOf(request)])).toEqual([
      ['/auth/refresh', null],
      ['/api/client/licenses', `Bearer ${A2}`],
    ]);
    await checkLeaks();
  });

  it('refreshes first for any exp at or before now, never for one after', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -5_000, max: 5_000 }), async (offsetMs) => {
        const exp = Math.floor((NOW + offsetMs) / 1000);
        const access = jwtFor('edge', exp);
        const { backend, client, checkLeaks } = setup(
          (request) =>
            request.path === '/auth/refresh' ? json(renewed) : json({ licenses: [] }, 200),
          { tokens: { accessToken: access, refreshToken: R1 } },
        );
        await licences(client);
        const refreshed = exp <= NOW / 1000;
        expect(backend.to('/auth/refresh')).toHaveLength(refreshed ? 1 : 0);
        expect(bearerOf(backend.to('/api/client/licenses')[0])).toBe(
          `Bearer ${refreshed ? A2 : access}`,
        );
        await checkLeaks();
      }),
      { numRuns: 50 },
    );
  });

  const unreadable = fc.oneof(
    fc.string({ unit: 'binary', minLength: 1 }),
    fc.constant(makeJwt({ sub: 'no-exp' })),
    fc.constant(makeJwt({ sub: 'text-exp', exp: 'tomorrow' })),
    fc.constant('a.b.c'),
    fc.constant('...'),
  );

  it('refreshes first for a malformed token or one without exp, then sends the new one', async () => {
    await fc.assert(
      fc.asyncProperty(unreadable, async (access) => {
        const { backend, client, checkLeaks } = setup(sessionServer(), {
          tokens: { accessToken: access, refreshToken: R1 },
        });
        const [result] = await allSettledWithin([licences(client)]);
        expect(result?.status).toBe('fulfilled');
        expect(backend.requests.map((request) => [request.path, bearerOf(request)])).toEqual([
          ['/auth/refresh', null],
          ['/api/client/licenses', `Bearer ${A2}`],
        ]);
        await checkLeaks();
      }),
      { numRuns: 50 },
    );
  });

  it('ends cleanly with a malformed token and no refresh token: one expiry report, no crash', async () => {
    await fc.assert(
      fc.asyncProperty(unreadable, async (access) => {
        // A half-written store: the access token survived, the refresh token did not.
        const values = new Map([[tokenKeys.access, access]]);
        const store = createStorageTokenStore({
          getItem: (key) => values.get(key) ?? null,
          setItem: (key, value) => void values.set(key, value),
          removeItem: (key) => void values.delete(key),
        });
        const { backend, client, onSessionExpired, checkLeaks } = setup(sessionServer(), {
          tokenStore: store,
          tokens: null,
        });
        const [error] = rejections(await allSettledWithin([licences(client)]));
        expect(error).toMatchObject({ status: 401, message: messages.http.noRefreshToken });
        expect(backend.to('/auth/refresh')).toHaveLength(0);
        expect(backend.requests).toHaveLength(1);
        expect(onSessionExpired).toHaveBeenCalledTimes(1);
        expect(store.getAccessToken()).toBeNull();
        await checkLeaks();
      }),
      { numRuns: 30 },
    );
  });

  /** Storage whose every call may throw, as fast-check decides. */
  const flakyStorage = fc.infiniteStream(fc.boolean()).map((throws) => {
    const values = new Map<string, string>();
    const maybeThrow = () => {
      if (throws.next().value) throw new DOMException('storage unavailable', 'SecurityError');
    };
    const storage: StorageLike = {
      getItem: (key) => (maybeThrow(), values.get(key) ?? null),
      setItem: (key, value) => (maybeThrow(), void values.set(key, value)),
      removeItem: (key) => (maybeThrow(), void values.delete(key)),
    };
    return { storage, values };
  });

  it('survives storage that throws on any read or write: every call settles with data or an ApiError', async () => {
    await fc.assert(
      fc.asyncProperty(
        flakyStorage,
        fc.constantFrom(A1, jwtFor('old', NOW / 1000 - 10)),
        async ({ storage }, access) => {
          const tokenStore = createStorageTokenStore(storage);
          tokenStore.setTokens({ accessToken: access, refreshToken: R1 });
          const { backend, client, onSessionExpired, checkLeaks } = setup(sessionServer(), {
            tokenStore,
            tokens: null,
          });
          const results = await allSettledWithin([1, 2, 3].map(() => licences(client)));
          for (const result of results) {
            if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ApiError);
          }
          expect(onSessionExpired.mock.calls.length).toBeLessThanOrEqual(1);
          expect(backend.to('/auth/refresh').length).toBeLessThanOrEqual(3);
          expect(backend.to('/api/client/licenses').length).toBeLessThanOrEqual(6);
          await checkLeaks();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never keeps a consumed refresh token when storage accepts only part of a write', async () => {
    const values = new Map<string, string>();
    const storage: StorageLike = {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => {
        // The quota runs out between the two keys of the renewed pair.
        if (key === tokenKeys.refresh && value === R2)
          throw new DOMException('full', 'QuotaExceededError');
        values.set(key, value);
      },
      removeItem: (key) => void values.delete(key),
    };
    const tokenStore = createStorageTokenStore(storage);
    const { client, checkLeaks } = setup(sessionServer(), { tokenStore });
    expect((await licences(client)).data).toMatchObject({ path: '/api/client/licenses' });
    // R1 was consumed by the refresh: sending it again would trip the server's reuse detection.
    expect(tokenStore.getRefreshToken()).not.toBe(R1);
    expect(tokenStore.getAccessToken()).not.toBe(A2);
    await checkLeaks();
  });
});
