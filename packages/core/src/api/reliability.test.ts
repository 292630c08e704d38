/**
 * Faults, races and hostile answers for the client (docs/security.md, items 1 to 5 and 7). Every
 * test also checks that each pending promise settles, nothing is sent twice, and no token shows up
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
  deferred,
  json,
  type Handler,
  type RecordedRequest,
} from './testing/fakeBackend.ts';
import { allSettledWithin, eventually, watchLeaks } from './testing/guards.ts';

// Many generated cases on a shared two-core machine: the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

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
        const values = new Map<string, string>([[tokenKeys.access, access]]);
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

const SESSION_EXPIRED = messages.http[401];
const endings = fc.constantFrom(
  { name: 'refresh refused (401)', refresh: () => json({ message: 'révoqué' }, 401) },
  { name: 'refresh refused (400)', refresh: () => json({ message: 'invalide' }, 400) },
  { name: 'refresh refused (403)', refresh: () => json({}, 403) },
  { name: 'refresh answered without tokens', refresh: () => json({ ok: true }) },
  { name: 'replay answered 401 again', refresh: () => json(renewed) },
);

describe('3. a session that cannot be renewed', () => {
  it('gets one expiry report for every waiting request, both keys cleared, and no loop', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), endings, async (s, ending) => {
        const values = new Map<string, string>();
        const tokenStore = createStorageTokenStore({
          getItem: (key) => values.get(key) ?? null,
          setItem: (key, value) => void values.set(key, value),
          removeItem: (key) => void values.delete(key),
        });
        // Every access token is refused: the account is gone.
        const handler = (request: RecordedRequest) =>
          request.path === '/auth/refresh'
            ? ending.refresh()
            : json({ message: 'Jeton invalide' }, 401);
        const { backend, client, onSessionExpired, clearTokens, checkLeaks } = setup(
          s.scheduleFunction(async (request: RecordedRequest) => handler(request)),
          { tokenStore },
        );
        const results = await s.waitFor(
          Promise.allSettled(ids.map((id) => editLicence(client, id))),
        );

        for (const error of rejections(results)) {
          expect(['refresh-failed', 'session-expired']).toContain(error.kind);
          expect(error.retryable).toBe(false);
          expect([
            SESSION_EXPIRED,
            messages.http.refreshFailed,
            messages.http.noRefreshToken,
          ]).toContain(error.message);
        }
        expect(onSessionExpired).toHaveBeenCalledTimes(1);
        expect(clearTokens).toHaveBeenCalledTimes(1);
        expect(values.has(tokenKeys.access)).toBe(false);
        expect(values.has(tokenKeys.refresh)).toBe(false);
        // Bounded: each request sent at most twice, at most one refresh per token pair handed out.
        const refreshes = backend.to('/auth/refresh');
        expect(refreshes.length).toBeGreaterThanOrEqual(1);
        expect(refreshes.length).toBeLessThanOrEqual(ending.name.startsWith('replay') ? 2 : 1);
        for (const id of ids) {
          expect(backend.to(`/api/client/licenses/${id}`).length).toBeLessThanOrEqual(2);
        }

        // Afterwards a request goes out once, anonymously, and fails without a new report.
        const sent = backend.requests.length;
        const [late] = rejections(await s.waitFor(Promise.allSettled([licences(client)])));
        expect(late?.status).toBe(401);
        expect(backend.requests.length).toBe(sent + 1);
        expect(bearerOf(backend.requests.at(-1))).toBeNull();
        expect(onSessionExpired).toHaveBeenCalledTimes(1);
        await checkLeaks();
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('3b. a refresh answered with anything', () => {
  it('never crashes: every call settles, and only a usable pair of tokens is ever stored', async () => {
    const token = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constant(A2),
      fc.constant(''),
      fc.integer(),
      fc.constant(null),
    );
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });
    const answer = fc.oneof(
      fc.record({ accessToken: text, refreshToken: text }),
      fc.record({ accessToken: token, refreshToken: token }, { requiredKeys: [] }),
      fc.jsonValue(),
      fc.string({ unit: 'binary' }),
    );
    await fc.assert(
      fc.asyncProperty(answer, fc.integer({ min: 200, max: 299 }), async (body, status) => {
        const plain = (request: RecordedRequest) =>
          request.path === '/auth/refresh'
            ? new Response(status === 204 ? null : JSON.stringify(body), {
                status,
                headers: { 'Content-Type': 'application/json' },
              })
            : bearerOf(request) === `Bearer ${A1}`
              ? json({ message: 'Jeton invalide' }, 401)
              : json({ licenses: [] });
        const { backend, client, tokenStore, onSessionExpired, checkLeaks } = setup(plain);
        const results = await allSettledWithin([licences(client), licences(client)]);
        for (const result of results) {
          if (result.status === 'fulfilled') continue;
          expect(result.reason).toBeInstanceOf(ApiError);
          expect((result.reason as ApiError).message.trim()).not.toBe('');
        }
        expect(backend.to('/auth/refresh')).toHaveLength(1);
        expect(backend.to('/api/client/licenses').length).toBeLessThanOrEqual(4);
        const stored = [tokenStore.getAccessToken(), tokenStore.getRefreshToken()];
        if (stored[0] === null) {
          expect(stored[1]).toBeNull();
          expect(onSessionExpired).toHaveBeenCalledTimes(1);
        } else {
          for (const value of stored) expect(value).toMatch(/^[\x21-\x7e]+$/);
        }
        await checkLeaks();
      }),
      { numRuns: 100 },
    );
  });
});

const passingFailures = fc.constantFrom(
  { name: 'network error', answer: () => Promise.reject(new TypeError('fetch failed')) },
  { name: '502', answer: () => json({}, 502) },
  { name: '503', answer: () => json({ message: 'maintenance' }, 503) },
  { name: '504', answer: () => new Response('<html>Gateway Timeout</html>', { status: 504 }) },
  { name: '429', answer: () => json({}, 429, { 'Retry-After': '2' }) },
);
const EXPIRED = jwtFor('expired', NOW / 1000 - 60);

describe('4. a refresh failing for a passing reason', () => {
  it('fails the waiting requests retryably, keeps the tokens, and the next request refreshes again', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        passingFailures,
        fc.constantFrom(A1, EXPIRED),
        async (s, failure, access) => {
          let healthy = false;
          const server = sessionServer();
          const handler = (request: RecordedRequest) =>
            request.path === '/auth/refresh' && !healthy ? failure.answer() : server(request);
          const { backend, client, tokenStore, onSessionExpired, clearTokens, checkLeaks } = setup(
            s.scheduleFunction(async (request: RecordedRequest) => handler(request)),
            { tokens: { accessToken: access, refreshToken: R1 } },
          );
          const results = await s.waitFor(
            Promise.allSettled(ids.map((id) => editLicence(client, id))),
          );
          for (const error of rejections(results)) expect(error.retryable).toBe(true);
          expect([tokenStore.getAccessToken(), tokenStore.getRefreshToken()]).toEqual([access, R1]);
          expect(clearTokens).not.toHaveBeenCalled();
          expect(onSessionExpired).not.toHaveBeenCalled();
          // One refresh for the wave (plus the pre-request one for an expired token).
          expect(backend.to('/auth/refresh').length).toBeLessThanOrEqual(access === A1 ? 1 : 2);
          for (const id of ids) {
            expect(backend.to(`/api/client/licenses/${id}`)).toHaveLength(1);
          }

          healthy = true;
          const refreshesBefore = backend.to('/auth/refresh').length;
          const next = s.waitFor(licences(client));
          expect((await next).data).toMatchObject({ path: '/api/client/licenses' });
          expect(backend.to('/auth/refresh')).toHaveLength(refreshesBefore + 1);
          expect(tokenStore.getRefreshToken()).toBe(R2);
          await checkLeaks();
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);

  it('a refresh that times out fails every waiting request with the timeout and keeps the tokens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let healthy = false;
    const server = sessionServer();
    const { backend, client, tokenStore, onSessionExpired, checkLeaks } = setup((request) =>
      request.path === '/auth/refresh' && !healthy
        ? new Promise<Response>(() => {})
        : server(request),
    );
    const settled = allSettledWithin(ids.map((id) => editLicence(client, id)));
    await vi.advanceTimersByTimeAsync(10_000);
    const errors = rejections(await settled);
    for (const error of errors) {
      expect(error).toMatchObject({ kind: 'timeout', message: messages.http.timeout });
      expect(error.retryable).toBe(true);
    }
    const [hung] = backend.to('/auth/refresh');
    expect(hung?.signal.aborted).toBe(true);
    expect([tokenStore.getAccessToken(), tokenStore.getRefreshToken()]).toEqual([A1, R1]);
    expect(onSessionExpired).not.toHaveBeenCalled();

    healthy = true;
    expect((await licences(client)).data).toMatchObject({ path: '/api/client/licenses' });
    expect(backend.to('/auth/refresh')).toHaveLength(2);
    await checkLeaks();
  });
});

describe('5. bodies replayed after a 401', () => {
  const text = fc.string({ unit: 'binary', maxLength: 60 });

  it('replays a JSON body byte for byte, still as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, text, async (firstName, lastName, shop) => {
        const { backend, client, checkLeaks } = setup(sessionServer());
        const body = { first_name: firstName, last_name: lastName, shop_domain: shop };
        await client.api.PUT('/api/client/profile', { body });
        const sends = backend.to('/api/client/profile');
        expect(sends.map(bearerOf)).toEqual([`Bearer ${A1}`, `Bearer ${A2}`]);
        expect(sends[1]?.body).toEqual(sends[0]?.body);
        expect(JSON.parse(bodyText(sends[1]!))).toEqual(body);
        expect(sends[1]?.headers.get('Content-Type')).toBe('application/json');
        await checkLeaks();
      }),
      { numRuns: 50 },
    );
  });

  it('replays a FormData upload byte for byte, with its multipart type and boundary', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        text,
        text,
        async (bytes, fileName, field) => {
          const { backend, client, checkLeaks } = setup(sessionServer());
          const form = new FormData();
          form.append('custom_domain', field);
          form.append('file', new Blob([bytes]), fileName || 'theme.zip');
          await client.api.POST('/api/client/licenses', { body: form as never });
          const sends = backend.to('/api/client/licenses');
          expect(sends).toHaveLength(2);
          expect(sends[1]?.body).toEqual(sends[0]?.body);
          const type = sends[1]?.headers.get('Content-Type') ?? '';
          expect(type).toMatch(/^multipart\/form-data; boundary=/);
          expect(type).toBe(sends[0]?.headers.get('Content-Type'));
          expect(type).not.toContain('application/json');
          // The server reads the same parts back.
          const parsed = await new Response(new Blob([sends[1]!.body as Uint8Array<ArrayBuffer>]), {
            headers: { 'Content-Type': type },
          }).formData();
          // What a multipart round trip makes of the field (line breaks are normalised).
          const expected = await new Request(baseUrl, { method: 'POST', body: form }).formData();
          expect(parsed.get('custom_domain')).toBe(expected.get('custom_domain'));
          const file = parsed.get('file');
          expect(file).toBeInstanceOf(Blob);
          expect(new Uint8Array(await (file as Blob).arrayBuffer())).toEqual(bytes);
          await checkLeaks();
        },
      ),
      { numRuns: 30 },
    );
  });
});

const fixedTexts: Record<number, string> = {
  401: messages.http[401],
  403: messages.http[403],
  404: messages.http[404],
  422: messages.http[422],
  429: messages.http[429],
  500: messages.http[500],
  503: messages.http[503],
};
const HUGE = 'x'.repeat(1 << 20);

/** Answers that carry nothing a person should read. */
const unreadableBodies = fc.oneof(
  fc.constant({ body: null, type: 'application/json' }),
  fc.constant({ body: '', type: 'application/json' }),
  fc.constant({ body: '', type: 'text/plain' }),
  fc.constant({
    body: '<!DOCTYPE html><html><head><title>502</title></head><body><h1>Bad Gateway</h1></body></html>',
    type: 'text/html; charset=utf-8',
  }),
  fc.constant({ body: '<html><body>Erreur</body></html>', type: 'text/plain' }),
  fc.constant({ body: HUGE, type: 'text/plain' }),
  fc.constant({ body: JSON.stringify({ message: HUGE }), type: 'application/json' }),
  fc.constant({ body: '{"message": "tronqu', type: 'application/json' }),
  fc.constant({ body: '[1, 2,', type: 'application/problem+json' }),
  // Any JSON but a bare string (that one is the server's words).
  fc
    .jsonValue()
    .filter((value) => typeof value !== 'string')
    .map((value) => ({
      body: JSON.stringify(
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? { ...value, message: undefined, error: undefined }
          : value,
      ),
      type: 'application/json',
    })),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => ({ body: bytes, type: 'application/octet-stream' })),
);
const frenchSentence = fc
  .array(fc.constantFrom('Le', 'domaine', 'est', 'déjà', 'utilisé', 'données', 'invalides', 'é'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((words) => words.join(' '));
const readableBodies = fc.oneof(
  frenchSentence.map((text) => ({
    body: JSON.stringify({ message: text }),
    type: 'application/json',
    text,
  })),
  frenchSentence.map((text) => ({
    body: JSON.stringify({ error: text }),
    type: 'application/json',
    text,
  })),
  frenchSentence.map((text) => ({ body: text, type: 'text/plain; charset=utf-8', text })),
);
const errorStatus = fc.integer({ min: 400, max: 599 });

function answer(status: number, body: string | Uint8Array | null, type: string, extra = {}) {
  return new Response(body as BodyInit | null, {
    status,
    headers: { 'Content-Type': type, ...extra },
  });
}

describe('7. error mapping', () => {
  it('gives any unreadable error answer a catalogue message, and refreshes on 401 only', async () => {
    await fc.assert(
      fc.asyncProperty(errorStatus, unreadableBodies, async (status, { body, type }) => {
        const { backend, client, checkLeaks } = setup((request) =>
          request.path === '/auth/refresh' ? json(renewed) : answer(status, body, type),
        );
        const [error] = rejections(await allSettledWithin([licences(client)]));
        expect(error?.status).toBe(status);
        const expected =
          fixedTexts[status] ??
          (status === 502 || status === 504 ? messages.http[503] : messages.http.fallback(status));
        expect(error?.message).toBe(expected);
        expect(backend.to('/auth/refresh')).toHaveLength(status === 401 ? 1 : 0);
        expect(backend.to('/api/client/licenses')).toHaveLength(status === 401 ? 2 : 1);
        await checkLeaks();
      }),
      { numRuns: 150 },
    );
  });

  it("uses the server's own short words when no fixed text applies", async () => {
    await fc.assert(
      fc.asyncProperty(
        errorStatus.filter((status) => !(status in fixedTexts)),
        readableBodies,
        async (status, { body, type, text }) => {
          const { client, checkLeaks } = setup(() => answer(status, body, type));
          const [error] = rejections(await allSettledWithin([licences(client)]));
          expect(error?.message).toBe(text);
          expect(error?.serverMessage).toBe(text);
          await checkLeaks();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('turns an answer whose body breaks off midway into an ApiError, whatever its status', async () => {
    const brokenBody = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"licenses": [{"id'));
          controller.error(new TypeError('terminated'));
        },
      });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 200, max: 599 }).filter((status) => ![204, 205, 304].includes(status)),
        fc.constantFrom('json', 'blob', 'text') as fc.Arbitrary<'json' | 'blob' | 'text'>,
        async (status, parseAs) => {
          const { client, checkLeaks } = setup((request) =>
            request.path === '/auth/refresh'
              ? json(renewed)
              : new Response(brokenBody(), {
                  status,
                  headers: { 'Content-Type': 'application/json' },
                }),
          );
          const [error] = rejections(
            await allSettledWithin([client.api.GET('/api/client/licenses', { parseAs })]),
          );
          expect(error?.message.trim()).not.toBe('');
          if (status < 300)
            expect(error).toMatchObject({ kind: 'network', message: messages.http.network });
          await checkLeaks();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('resolves a 204 (and any 2xx without a body) with nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(200, 201, 202, 204), async (status) => {
        const { client, checkLeaks } = setup(
          () => new Response(null, { status, headers: { 'Content-Type': 'application/json' } }),
        );
        const [result] = await allSettledWithin([licences(client)]);
        expect(result?.status).toBe('fulfilled');
        if (result?.status === 'fulfilled') expect(result.value.data).toBeUndefined();
        await checkLeaks();
      }),
    );
  });

  it('exposes Retry-After on a 429 in seconds, from delta-seconds or an HTTP date', async () => {
    const retryAfter = fc.oneof(
      fc.nat({ max: 86_400 }).map((seconds) => ({ header: String(seconds), seconds })),
      fc.nat({ max: 86_400 }).map((seconds) => ({
        header: new Date(NOW + seconds * 1000).toUTCString(),
        seconds,
      })),
      // A date already past means "now".
      fc.integer({ min: 1, max: 86_400 }).map((seconds) => ({
        header: new Date(NOW - seconds * 1000).toUTCString(),
        seconds: 0,
      })),
    );
    await fc.assert(
      fc.asyncProperty(
        retryAfter,
        unreadableBodies,
        async ({ header, seconds }, { body, type }) => {
          const { backend, client, checkLeaks } = setup(() =>
            answer(429, body, type, { 'Retry-After': header }),
          );
          const [error] = rejections(await allSettledWithin([licences(client)]));
          expect(error).toMatchObject({ status: 429, message: messages.http[429] });
          expect(error?.retryAfterSeconds).toBe(seconds);
          expect(error?.retryable).toBe(true);
          expect(backend.requests).toHaveLength(1);
          await checkLeaks();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('ignores a Retry-After that is neither form', async () => {
    const garbage = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        '-5',
        '1.5',
        '2e3',
        '0x10',
        'soon',
        'NaN',
        'Infinity',
        '1 2',
        '+3',
        'Sun, 06 Nov 1994',
      ),
      fc.string({ unit: 'binary', maxLength: 30 }).filter((text) => !/^\s*\d+\s*$/.test(text)),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (header) => {
        let response: Response;
        try {
          response = answer(429, '{}', 'application/json', { 'Retry-After': header });
        } catch {
          return; // Not even a legal header value: no server can send it.
        }
        const { client, checkLeaks } = setup(() => response);
        const [error] = rejections(await allSettledWithin([licences(client)]));
        expect(error?.retryAfterSeconds).toBeUndefined();
        await checkLeaks();
      }),
      { numRuns: 100 },
    );
  });
});

describe("a caller's own abort during a wave", () => {
  it('settles at once when cancelled while a refresh it waits for is still running', async () => {
    const refreshAnswer = deferred<Response>();
    const server = sessionServer(() => refreshAnswer.promise);
    const { backend, client, tokenStore, checkLeaks } = setup(server, {
      tokens: { accessToken: EXPIRED, refreshToken: R1 },
    });
    const controller = new AbortController();
    const reason = new Error('left the page');
    const cancelled = client.api.GET('/api/client/licenses', { signal: controller.signal });
    const other = licences(client);
    await eventually(() => expect(backend.to('/auth/refresh')).toHaveLength(1));
    controller.abort(reason);
    const [outcome] = await allSettledWithin([cancelled]);
    expect(outcome).toEqual({ status: 'rejected', reason });
    // The refresh goes on for the others.
    refreshAnswer.resolve(json(renewed));
    expect((await other).data).toMatchObject({ path: '/api/client/licenses' });
    expect(backend.to('/api/client/licenses').map(bearerOf)).toEqual([`Bearer ${A2}`]);
    expect(tokenStore.getRefreshToken()).toBe(R2);
    await checkLeaks();
  });

  it('settles with the abort reason, is never sent after it, and leaves the shared refresh alone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.nat({ max: ids.length - 1 }), async (s, abortedIndex) => {
        const server = sessionServer();
        const leaks = watchLeaks();
        const backend = createFakeBackend(
          s.scheduleFunction(async (request: RecordedRequest) => server(request)),
        );
        const sentAborted: string[] = [];
        // Like a real fetch: an aborted signal rejects at once, and aborts what is in flight.
        const fetch = (request: Request): Promise<Response> => {
          if (request.signal.aborted) {
            sentAborted.push(request.url);
            return Promise.reject(request.signal.reason);
          }
          const aborted = new Promise<never>((_, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          });
          return Promise.race([backend.fetch(request), aborted]);
        };
        const tokenStore = createMemoryTokenStore();
        tokenStore.setTokens(session);
        const client = createPortalClient({ baseUrl, fetch, tokenStore, now: () => NOW });
        const controller = new AbortController();
        const calls = ids.map((id, i) =>
          client.api.PUT('/api/client/licenses/{id}', {
            params: { path: { id } },
            body: { custom_domain: `${id}.fr`, shop_domain: `${id}.myshopify.com` },
            ...(i === abortedIndex ? { signal: controller.signal } : {}),
          }),
        );
        // The user leaves the page at a moment the scheduler picks.
        const reason = new Error('left the page');
        void s.schedule(Promise.resolve()).then(() => controller.abort(reason));
        const results = await s.waitFor(Promise.allSettled(calls));

        const aborted = results[abortedIndex];
        if (aborted?.status === 'rejected') expect(aborted.reason).toBe(reason);
        expect(sentAborted).toEqual([]);
        expect(backend.to(`/api/client/licenses/${ids[abortedIndex]}`).length).toBeLessThanOrEqual(
          2,
        );
        results.forEach((result, i) => {
          if (i !== abortedIndex) expect(result.status).toBe('fulfilled');
        });
        expect(backend.to('/auth/refresh')).toHaveLength(1);
        expect(tokenStore.getRefreshToken()).toBe(R2);
        await leaks.check(backend.requests, secrets);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
