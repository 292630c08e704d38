import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '../session/testing.ts';
import { createMemoryTokenStore, createStorageTokenStore } from '../session/tokenStore.ts';
import type { TokenStore, Tokens } from '../session/tokenStore.ts';
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
import { eventually } from './testing/guards.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const validFor = (label: string) => makeJwt({ sub: label, exp: NOW / 1000 + 3600 });
const A1 = validFor('a1');
const A2 = validFor('a2');
const EXPIRED = makeJwt({ sub: 'old', exp: NOW / 1000 - 1 });
const session: Tokens = { accessToken: A1, refreshToken: 'r1' };
const renewed: Tokens = { accessToken: A2, refreshToken: 'r2' };

const SESSION_EXPIRED = 'Session expirée, veuillez vous reconnecter';
const REFRESH_FAILED = 'Impossible de rafraîchir le token';
const NO_REFRESH_TOKEN = 'Aucun refresh token disponible';

interface SetupOptions {
  tokens?: Tokens | null;
  tokenStore?: TokenStore;
  timeoutMs?: number;
}

function setup(handler: Handler, options: SetupOptions = {}) {
  const backend = createFakeBackend(handler);
  const tokenStore = options.tokenStore ?? createMemoryTokenStore();
  if (options.tokens !== null) tokenStore.setTokens(options.tokens ?? session);
  const onSessionExpired = vi.fn();
  const client = createPortalClient({
    baseUrl,
    fetch: backend.fetch,
    tokenStore,
    now: () => NOW,
    onSessionExpired,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const clearTokens = vi.spyOn(tokenStore, 'clearTokens');
  return { backend, tokenStore, client, onSessionExpired, clearTokens };
}

/** A backend where only `A2` is accepted and the refresh call answers with `refreshAnswer`. */
function sessionServer(refreshAnswer: () => Response | Promise<Response> = () => json(renewed)) {
  return (request: RecordedRequest): Response | Promise<Response> => {
    if (request.path === '/auth/refresh') return refreshAnswer();
    if (request.headers.get('Authorization') === `Bearer ${A2}`) {
      return json({ path: request.path, body: bodyText(request) });
    }
    return json({ message: 'Jeton invalide' }, 401);
  };
}

const bearerOf = (request: RecordedRequest | undefined) => request?.headers.get('Authorization');

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

const licences = (client: ReturnType<typeof setup>['client']) =>
  client.api.GET('/api/client/licenses');

afterEach(() => {
  vi.useRealTimers();
});

describe('every request (docs/product.md#generic-request-behaviour)', () => {
  it('sends JSON content type, the bearer token and credentials, and appends GET query parameters', async () => {
    const { backend, client } = setup(() => json({ establishments: [] }));
    await client.api.GET('/api/google-places/search', {
      params: { query: { query: 'Café de Flore' } },
    });
    const [request] = backend.requests;
    expect(request?.path).toBe('/api/google-places/search?query=Caf%C3%A9%20de%20Flore');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(bearerOf(request)).toBe(`Bearer ${A1}`);
    expect(request?.credentials).toBe('include');
  });

  it('sends no authorization header without an access token', async () => {
    const { backend, client } = setup(() => json({ plans: [] }), { tokens: null });
    await client.api.GET('/api/client/plans');
    expect(backend.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends a JSON body', async () => {
    const { backend, client } = setup(() => json({ message: 'ok' }));
    await client.api.PUT('/api/client/profile', {
      body: { first_name: 'Éloïse', last_name: 'Martin', shop_domain: 'boutique.myshopify.com' },
    });
    expect(backend.requests[0]?.method).toBe('PUT');
    expect(JSON.parse(bodyText(backend.requests[0]!))).toEqual({
      first_name: 'Éloïse',
      last_name: 'Martin',
      shop_domain: 'boutique.myshopify.com',
    });
  });

  it('sends a multipart upload without the JSON content type', async () => {
    const { backend, client } = setup(() => json({ message: 'ok' }));
    const form = new FormData();
    form.append('file', new Blob(['zip bytes']), 'theme.zip');
    await client.api.POST('/api/client/licenses', { body: form as never });
    const type = backend.requests[0]?.headers.get('Content-Type');
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodyText(backend.requests[0]!)).toContain('zip bytes');
  });

  it('keeps an Authorization the caller chose (the invite token) and does not renew on its 401', async () => {
    const { backend, client, onSessionExpired } = setup(() =>
      json({ message: 'Invitation expirée' }, 401),
    );
    const error = await rejectionOf(
      client.api.POST('/api/onboarding/register/finalize', {
        headers: { Authorization: 'Bearer invite-1' },
        body: {} as never,
      }),
    );
    expect(bearerOf(backend.requests[0])).toBe('Bearer invite-1');
    expect(backend.requests).toHaveLength(1);
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Invitation expirée');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('resolves { data, response } on 2xx with parsed JSON', async () => {
    const { client } = setup(() => json({ licenses: [{ _id: 'l1' }] }));
    const { data, response } = await licences(client);
    expect(data).toEqual({ licenses: [{ _id: 'l1' }] });
    expect(response.status).toBe(200);
  });

  it('gives nothing for 204 and for an empty JSON body', async () => {
    const empty = setup(
      () => new Response('', { headers: { 'Content-Type': 'application/json' } }),
    );
    expect((await licences(empty.client)).data).toBeUndefined();
    const noContent = setup(() => new Response(null, { status: 204 }));
    expect(
      (
        await noContent.client.api.DELETE('/api/client/licenses/{id}', {
          params: { path: { id: 'l1' } },
        })
      ).data,
    ).toBeUndefined();
  });

  it('gives the text for unparsable JSON and for text types', async () => {
    const broken = setup(
      () => new Response('{oops', { headers: { 'Content-Type': 'application/json' } }),
    );
    expect((await licences(broken.client)).data).toBe('{oops');
    const text = setup(
      () => new Response('{"a":1}', { headers: { 'Content-Type': 'text/plain' } }),
    );
    expect((await licences(text.client)).data).toBe('{"a":1}');
  });

  it('downloads a file as a Blob with parseAs blob', async () => {
    const bytes = new Uint8Array([80, 75, 3, 4, 0, 255]);
    const { client } = setup(
      () => new Response(bytes, { headers: { 'Content-Type': 'application/zip' } }),
    );
    const { data } = await client.api.GET('/api/client/download-zip/{filename}', {
      params: { path: { filename: 'theme.zip' } },
      parseAs: 'blob',
    });
    expect(data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(bytes);
  });
});

describe('errors (docs/product.md#http-status-texts)', () => {
  it.each([
    [403, { message: 'non' }, 'Accès refusé - permissions insuffisantes'],
    [404, undefined, 'Ressource non trouvée'],
    [
      409,
      { message: 'Une licence avec ce domaine existe déjà' },
      'Une licence avec ce domaine existe déjà',
    ],
    [400, { error: 'Champ manquant' }, 'Champ manquant'],
    [500, { message: 'boom' }, 'Erreur serveur interne'],
    [502, undefined, 'Service temporairement indisponible'],
    [504, '<html>Gateway Timeout</html>', 'Service temporairement indisponible'],
  ])(
    'rejects %i with an ApiError carrying status, body and message',
    async (status, body, message) => {
      const { client } = setup(() =>
        body === undefined ? new Response(null, { status }) : json(body, status),
      );
      const error = await rejectionOf(licences(client));
      expect(error).toMatchObject({ kind: 'http', status, data: body, message });
    },
  );

  it('uses the raw text of a text error body', async () => {
    const { client } = setup(
      () =>
        new Response('Passerelle en panne', {
          status: 418,
          headers: { 'Content-Type': 'text/plain' },
        }),
    );
    expect((await rejectionOf(licences(client))).message).toBe('Passerelle en panne');
  });

  it('keeps Retry-After seconds on 429', async () => {
    const { client } = setup(() => json({ message: 'Trop vite' }, 429, { 'Retry-After': '42' }));
    const error = await rejectionOf(licences(client));
    expect(error).toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
      message: 'Trop de requêtes - veuillez patienter',
      retryable: true,
    });
  });

  it("turns a network failure into 'Erreur de connexion'", async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await rejectionOf(licences(client));
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'Erreur de connexion' });
    expect(error.retryable).toBe(true);
  });

  it("lets a caller's own abort through as it is", async () => {
    const { backend, client } = setup(
      (request) =>
        new Promise((_, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const controller = new AbortController();
    const call = client.api.GET('/api/client/licenses', { signal: controller.signal });
    const reason = new Error('left the page');
    await eventually(() => expect(backend.requests).toHaveLength(1));
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });
});

describe('timeout', () => {
  it('rejects a request that never answers after 10 s of fake time, and aborts it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { backend, client } = setup(() => new Promise<Response>(() => {}));
    const call = licences(client);
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'timeout',
      status: 0,
      message: 'Timeout de la requête dépassé',
    });
    expect(backend.requests[0]?.signal.aborted).toBe(true);
  });

  it('honours a configured timeout, one per request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answered = 0;
    const { client } = setup(
      () => (answered++ === 0 ? new Promise<Response>(() => {}) : json({ licenses: [] })),
      { timeoutMs: 500 },
    );
    const slow = licences(client).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(400);
    // A second request started later is not cut short by the first one's clock.
    const fast = licences(client);
    await vi.advanceTimersByTimeAsync(100);
    expect(await slow).toMatchObject({ kind: 'timeout' });
    expect((await fast).data).toEqual({ licenses: [] });
  });
});

describe('refresh and replay on 401', () => {
  it('refreshes once, stores both tokens and replays with the new token', async () => {
    const values = new Map<string, string>();
    const tokenStore = createStorageTokenStore({
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    });
    const { backend, client, onSessionExpired } = setup(sessionServer(), { tokenStore });
    const { data } = await licences(client);
    expect(data).toEqual({ path: '/api/client/licenses', body: '' });
    expect(backend.requests.map((request) => [request.path, bearerOf(request)])).toEqual([
      ['/api/client/licenses', `Bearer ${A1}`],
      ['/auth/refresh', null],
      ['/api/client/licenses', `Bearer ${A2}`],
    ]);
    const refresh = backend.to('/auth/refresh')[0]!;
    expect(refresh.method).toBe('POST');
    expect(refresh.url).toBe(`${baseUrl}/auth/refresh`);
    expect(JSON.parse(bodyText(refresh))).toEqual({ refreshToken: 'r1' });
    expect(refresh.credentials).toBe('include');
    expect(refresh.headers.get('Content-Type')).toBe('application/json');
    expect(Object.fromEntries(values)).toEqual({ auth_token: A2, refresh_token: 'r2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('replays a POST with a byte-identical JSON body', async () => {
    const { backend, client } = setup(sessionServer());
    await client.api.PUT('/api/client/licenses/{id}', {
      params: { path: { id: 'l1' } },
      body: { custom_domain: 'boutique-été.fr', shop_domain: 'shop.myshopify.com' },
    });
    const [first, replay] = backend.to('/api/client/licenses/l1');
    expect(replay?.body).toEqual(first?.body);
    expect(bodyText(replay!)).toBe(
      '{"custom_domain":"boutique-été.fr","shop_domain":"shop.myshopify.com"}',
    );
    expect(replay?.method).toBe('PUT');
  });

  it('replays a FormData upload byte for byte, still without JSON content type', async () => {
    const { backend, client } = setup(sessionServer());
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0, 1, 2, 250, 251])]), 'theme.zip');
    form.append('note', 'thème');
    await client.api.POST('/api/client/licenses', { body: form as never });
    const [first, replay] = backend.to('/api/client/licenses');
    expect(first?.body.length).toBeGreaterThan(0);
    expect(replay?.body).toEqual(first?.body);
    expect(replay?.headers.get('Content-Type')).toBe(first?.headers.get('Content-Type'));
    expect(replay?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    expect(bearerOf(replay)).toBe(`Bearer ${A2}`);
  });

  it('20 concurrent 401s share exactly one refresh and are each replayed exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const allSent = deferred<void>();
        let firstSends = 0;
        const server = sessionServer();
        const { backend, client, tokenStore, onSessionExpired } = setup(
          s.scheduleFunction(async (request: RecordedRequest) => {
            if (bearerOf(request) === `Bearer ${A1}` && ++firstSends === 20) allSent.resolve();
            // "Concurrent": every first send has left before any 401 comes back.
            if (bearerOf(request) === `Bearer ${A1}`) await allSent.promise;
            return server(request);
          }),
        );
        const ids = Array.from({ length: 20 }, (_, i) => `l${i}`);
        const results = await s.waitFor(
          Promise.all(
            ids.map((id) =>
              client.api.PUT('/api/client/licenses/{id}', {
                params: { path: { id } },
                body: { custom_domain: `${id}.fr`, shop_domain: `${id}.myshopify.com` },
              }),
            ),
          ),
        );
        expect(backend.to('/auth/refresh')).toHaveLength(1);
        for (const [i, id] of ids.entries()) {
          const sends = backend.to(`/api/client/licenses/${id}`);
          expect(sends.map(bearerOf)).toEqual([`Bearer ${A1}`, `Bearer ${A2}`]);
          expect(sends[1]?.body).toEqual(sends[0]?.body);
          expect(results[i]?.data).toMatchObject({ path: `/api/client/licenses/${id}` });
        }
        expect(tokenStore.getAccessToken()).toBe(A2);
        expect(onSessionExpired).not.toHaveBeenCalled();
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('a failed refresh rejects every waiting request, clears both tokens once and reports expiry once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const allSent = deferred<void>();
        let firstSends = 0;
        const server = sessionServer(() => json({ message: 'Refresh token révoqué' }, 401));
        const { backend, client, tokenStore, onSessionExpired, clearTokens } = setup(
          s.scheduleFunction(async (request: RecordedRequest) => {
            if (request.path !== '/auth/refresh' && ++firstSends === 5) allSent.resolve();
            if (request.path !== '/auth/refresh') await allSent.promise;
            return server(request);
          }),
        );
        const calls = Array.from({ length: 5 }, () =>
          licences(client).catch((error: unknown) => error),
        );
        const errors = await s.waitFor(Promise.all(calls));
        for (const error of errors) {
          expect(error).toBeInstanceOf(ApiError);
          expect(error).toMatchObject({ kind: 'refresh-failed', message: REFRESH_FAILED });
        }
        expect(backend.to('/auth/refresh')).toHaveLength(1);
        expect(backend.to('/api/client/licenses')).toHaveLength(5);
        expect(clearTokens).toHaveBeenCalledTimes(1);
        expect(onSessionExpired).toHaveBeenCalledTimes(1);
        expect([tokenStore.getAccessToken(), tokenStore.getRefreshToken()]).toEqual([null, null]);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('a refresh answering garbage counts as failed', async () => {
    const { client, tokenStore, onSessionExpired } = setup(sessionServer(() => json({ ok: true })));
    expect(await rejectionOf(licences(client))).toMatchObject({ message: REFRESH_FAILED });
    expect(tokenStore.getRefreshToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("a second 401 clears the tokens, reports expiry once and rejects with 'Session expirée'", async () => {
    const { backend, client, tokenStore, onSessionExpired, clearTokens } = setup((request) =>
      request.path === '/auth/refresh' ? json(renewed) : json({ message: 'Compte suspendu' }, 401),
    );
    const errors = await Promise.all([1, 2, 3].map(() => rejectionOf(licences(client))));
    for (const error of errors) {
      expect(error).toMatchObject({
        kind: 'session-expired',
        status: 401,
        message: SESSION_EXPIRED,
      });
      expect(error.serverMessage).toBe('Compte suspendu');
    }
    expect(backend.to('/auth/refresh')).toHaveLength(1);
    expect(backend.to('/api/client/licenses')).toHaveLength(6);
    expect(clearTokens).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokenStore.getAccessToken()).toBeNull();
  });

  it("without a stored refresh token rejects with 'Aucun refresh token disponible'", async () => {
    const tokenStore = createMemoryTokenStore();
    const { backend, client, onSessionExpired } = setup(sessionServer(), {
      tokenStore,
      tokens: null,
    });
    const error = await rejectionOf(licences(client));
    expect(error).toMatchObject({
      status: 401,
      message: NO_REFRESH_TOKEN,
      data: { message: 'Jeton invalide' },
    });
    expect(backend.to('/auth/refresh')).toHaveLength(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'a network failure',
      () => Promise.reject(new TypeError('fetch failed')),
      { kind: 'network', message: 'Erreur de connexion' },
    ],
    [
      'a 503',
      () => json({ message: 'maintenance' }, 503),
      { status: 503, message: 'Service temporairement indisponible' },
    ],
    ['a 429', () => json({}, 429, { 'Retry-After': '3' }), { status: 429, retryAfterSeconds: 3 }],
  ] as const)(
    'a refresh failing for a passing reason (%s) rejects retryably and keeps the tokens',
    async (_, answer, expected) => {
      const { client, tokenStore, onSessionExpired, clearTokens } = setup(sessionServer(answer));
      const errors = await Promise.all([
        rejectionOf(licences(client)),
        rejectionOf(licences(client)),
      ]);
      for (const error of errors) {
        expect(error).toMatchObject(expected);
        expect(error.retryable).toBe(true);
      }
      expect([tokenStore.getAccessToken(), tokenStore.getRefreshToken()]).toEqual([A1, 'r1']);
      expect(clearTokens).not.toHaveBeenCalled();
      expect(onSessionExpired).not.toHaveBeenCalled();
    },
  );

  it('a refresh timing out rejects with the timeout message and keeps the tokens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, tokenStore } = setup(sessionServer(() => new Promise<Response>(() => {})));
    const outcome = licences(client).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toMatchObject({
      kind: 'timeout',
      message: 'Timeout de la requête dépassé',
    });
    expect(tokenStore.getRefreshToken()).toBe('r1');
  });

  it('a refresh that finishes after a logout does not write tokens back', async () => {
    const refreshAnswer = deferred<Response>();
    const { backend, client, tokenStore, onSessionExpired } = setup(
      sessionServer(() => refreshAnswer.promise),
    );
    const outcome = licences(client).catch((error: unknown) => error);
    await eventually(() => expect(backend.to('/auth/refresh')).toHaveLength(1));
    tokenStore.clearTokens();
    refreshAnswer.resolve(json(renewed));
    expect(await outcome).toMatchObject({ kind: 'session-expired', message: SESSION_EXPIRED });
    expect([tokenStore.getAccessToken(), tokenStore.getRefreshToken()]).toEqual([null, null]);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(backend.to('/api/client/licenses')).toHaveLength(1);
  });

  it('a refresh overtaken by new tokens (a login elsewhere) replays with those tokens', async () => {
    const A3 = validFor('a3');
    const refreshAnswer = deferred<Response>();
    const { backend, client, tokenStore } = setup((request) => {
      if (request.path === '/auth/refresh') return refreshAnswer.promise;
      return bearerOf(request) === `Bearer ${A3}` ? json({ licenses: [] }) : json({}, 401);
    });
    const call = licences(client);
    await eventually(() => expect(backend.to('/auth/refresh')).toHaveLength(1));
    tokenStore.setTokens({ accessToken: A3, refreshToken: 'r3' });
    refreshAnswer.resolve(json(renewed));
    expect((await call).data).toEqual({ licenses: [] });
    expect(tokenStore.getRefreshToken()).toBe('r3');
  });

  it('does not renew on a login or password-change 401 (a wrong password, not an expired session)', async () => {
    const { backend, client, tokenStore, onSessionExpired } = setup(() =>
      json({ message: 'Mot de passe actuel incorrect' }, 401),
    );
    const login = await rejectionOf(
      client.api.POST('/api/client/auth/login', { body: { email: 'a@b.fr', password: 'x' } }),
    );
    const change = await rejectionOf(
      client.api.PUT('/api/client/auth/change-password', {
        body: { current_password: 'x', new_password: 'Nouveau1!', confirm_password: 'Nouveau1!' },
      }),
    );
    for (const error of [login, change]) {
      expect(error).toMatchObject({ kind: 'http', status: 401 });
      expect(error.serverMessage).toBe('Mot de passe actuel incorrect');
    }
    expect(backend.to('/auth/refresh')).toHaveLength(0);
    expect(tokenStore.getRefreshToken()).toBe('r1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
  it('never renews or authorizes the refresh call itself when made through the api', async () => {
    const { backend, client, onSessionExpired } = setup(() => json({ message: 'révoqué' }, 401));
    const error = await rejectionOf(
      client.api.POST('/auth/refresh', { body: { refreshToken: 'r1' } }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(backend.requests).toHaveLength(1);
    expect(bearerOf(backend.requests[0])).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('recognises the paths under a base address with a path prefix', async () => {
    const server = sessionServer();
    const backend = createFakeBackend((request) => {
      const path = request.path.replace(/^\/v1/, '');
      if (path === '/api/client/auth/login')
        return json({ message: 'Identifiants invalides' }, 401);
      return server({ ...request, path });
    });
    const tokenStore = createMemoryTokenStore();
    tokenStore.setTokens(session);
    const client = createPortalClient({
      baseUrl: `${baseUrl}/v1/`,
      fetch: backend.fetch,
      tokenStore,
      now: () => NOW,
    });
    await licences(client);
    expect(backend.requests.map((request) => request.path)).toEqual([
      '/v1/api/client/licenses',
      '/v1/auth/refresh',
      '/v1/api/client/licenses',
    ]);
    // Login's 401 is recognised under the prefix too: no second refresh.
    const login = client.api.POST('/api/client/auth/login', {
      body: { email: 'a@b.fr', password: 'x' },
    });
    expect(await rejectionOf(login)).toMatchObject({ status: 401 });
    expect(backend.requests.filter((request) => request.path === '/v1/auth/refresh')).toHaveLength(
      1,
    );
  });
});

describe('pre-request refresh', () => {
  it('refreshes first when the stored access token is expired', async () => {
    const { backend, client } = setup(sessionServer(), {
      tokens: { accessToken: EXPIRED, refreshToken: 'r1' },
    });
    await licences(client);
    expect(backend.requests.map((request) => [request.path, bearerOf(request)])).toEqual([
      ['/auth/refresh', null],
      ['/api/client/licenses', `Bearer ${A2}`],
    ]);
  });

  it('treats an unreadable access token as expired', async () => {
    const { backend, client } = setup(sessionServer(), {
      tokens: { accessToken: 'opaque', refreshToken: 'r1' },
    });
    await licences(client);
    expect(backend.requests.map((request) => request.path)).toEqual([
      '/auth/refresh',
      '/api/client/licenses',
    ]);
  });

  it('does not refresh a valid token, nor without a refresh token', async () => {
    const valid = setup(() => json({ licenses: [] }));
    await licences(valid.client);
    expect(valid.backend.to('/auth/refresh')).toHaveLength(0);
    const tokenStore = createMemoryTokenStore();
    const anonymous = setup(() => json({ plans: [] }), { tokenStore, tokens: null });
    await anonymous.client.api.GET('/api/client/plans');
    expect(anonymous.backend.requests.map((request) => request.path)).toEqual([
      '/api/client/plans',
    ]);
  });

  it('ignores a failed pre-request refresh and sends the request anyway', async () => {
    const { backend, client, tokenStore } = setup(
      (request) => (request.path === '/auth/refresh' ? json({}, 503) : json({ licenses: [] })),
      { tokens: { accessToken: EXPIRED, refreshToken: 'r1' } },
    );
    expect((await licences(client)).data).toEqual({ licenses: [] });
    expect(bearerOf(backend.to('/api/client/licenses')[0])).toBe(`Bearer ${EXPIRED}`);
    expect(tokenStore.getRefreshToken()).toBe('r1');
  });

  it('concurrent requests with an expired token share one pre-request refresh', async () => {
    const { backend, client } = setup(sessionServer(), {
      tokens: { accessToken: EXPIRED, refreshToken: 'r1' },
    });
    await Promise.all([licences(client), licences(client), licences(client)]);
    expect(backend.to('/auth/refresh')).toHaveLength(1);
    expect(backend.to('/api/client/licenses').map(bearerOf)).toEqual(Array(3).fill(`Bearer ${A2}`));
  });

  it('after a definitive pre-request failure, the 401 reports the refresh failure without a second refresh', async () => {
    const { backend, client, onSessionExpired } = setup(
      sessionServer(() => json({ message: 'révoqué' }, 401)),
      { tokens: { accessToken: EXPIRED, refreshToken: 'r1' } },
    );
    expect(await rejectionOf(licences(client))).toMatchObject({ message: REFRESH_FAILED });
    expect(backend.to('/auth/refresh')).toHaveLength(1);
    expect(bearerOf(backend.to('/api/client/licenses')[0])).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('refresh()', () => {
  it('is single flight and resolves the new tokens', async () => {
    const { backend, client, tokenStore } = setup(sessionServer());
    const [first, second] = await Promise.all([client.refresh(), client.refresh()]);
    expect(first).toEqual(renewed);
    expect(second).toEqual(renewed);
    expect(backend.to('/auth/refresh')).toHaveLength(1);
    expect(tokenStore.getRefreshToken()).toBe('r2');
    await client.refresh();
    expect(backend.to('/auth/refresh')).toHaveLength(2);
  });

  it("rejects with 'Aucun refresh token disponible' without calling the server or reporting expiry", async () => {
    const { backend, client, onSessionExpired } = setup(sessionServer(), { tokens: null });
    expect(await rejectionOf(client.refresh())).toMatchObject({ message: NO_REFRESH_TOKEN });
    expect(backend.requests).toHaveLength(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports expiry again for a later session after a new login', async () => {
    const { client, tokenStore, onSessionExpired } = setup(
      sessionServer(() => json({ message: 'révoqué' }, 401)),
    );
    await rejectionOf(licences(client));
    tokenStore.setTokens(session);
    await rejectionOf(licences(client));
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });
});

describe('storage that throws', () => {
  it('never crashes the client: requests go out without a token', async () => {
    const tokenStore = createStorageTokenStore({
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const { backend, client } = setup(
      (request) => (request.path === '/api/client/plans' ? json({ plans: [] }) : json({}, 401)),
      { tokenStore },
    );
    expect((await client.api.GET('/api/client/plans')).data).toEqual({ plans: [] });
    expect(backend.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(await rejectionOf(licences(client))).toMatchObject({ message: NO_REFRESH_TOKEN });
  });
});
