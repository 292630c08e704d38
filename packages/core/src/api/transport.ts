import { messages } from '../domain/messages.ts';
import { isTokenExpired } from '../session/jwt.ts';
import type { TokenStore, Tokens } from '../session/tokenStore.ts';
import { ApiError } from './errors.ts';
import { apiErrorFromResponse, parseResponseBody } from './responses.ts';

export interface TransportOptions {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  tokenStore: TokenStore;
  timeoutMs: number;
  /** Clock in milliseconds. */
  now: () => number;
  onSessionExpired?: () => void;
  refreshLock?: RefreshLock;
}

/**
 * Runs a refresh under a lock every tab shares (the web layer passes the Web Locks API), so two
 * tabs never send the same refresh token: the second finds the first one's tokens and reuses them.
 */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

export interface Transport {
  /** The fetch given to openapi-fetch: resolves 2xx answers, rejects with ApiError otherwise. */
  fetch(request: Request): Promise<Response>;
  /** Renews the tokens; concurrent callers share one call. */
  refresh(): Promise<Tokens>;
}

export const refreshPath = '/auth/refresh';

/**
 * Calls whose 401 means "wrong password", not "expired session": renewing the session and
 * replaying would only log the user out for a typo.
 */
const credentialCheckPaths: ReadonlySet<string> = new Set([
  refreshPath,
  '/api/client/auth/login',
  '/api/client/auth/change-password',
  '/customers/account',
]);

/**
 * The token rule of docs/product.md#other-rules: no refresh without a stored refresh token. Its
 * own class, so the 401 path recognises it by type, never by its French text.
 */
class NoRefreshTokenError extends ApiError {
  constructor(data?: unknown) {
    super({ kind: 'refresh-failed', status: 401, data, message: messages.http.noRefreshToken });
  }
}

/** `promise`, unless the caller cancels first: waiting for a shared refresh ends with the abort. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Statuses whose answers cannot carry a body (the Response constructor refuses one). */
const nullBodyStatuses: ReadonlySet<number> = new Set([204, 205, 304]);

/** Visible ASCII only: what a Bearer header can carry (a JWT is base64url and dots). */
const sendableToken = /^[\x21-\x7e]+$/;

/** A pair the client can use: two tokens of visible ASCII (what a Bearer header can carry). */
function isTokens(value: unknown): value is Tokens {
  const { accessToken, refreshToken } = (value ?? {}) as Partial<Record<keyof Tokens, unknown>>;
  return (
    typeof accessToken === 'string' &&
    sendableToken.test(accessToken) &&
    typeof refreshToken === 'string' &&
    sendableToken.test(refreshToken)
  );
}

/**
 * Everything generic of docs/product.md#generic-request-behaviour that openapi-fetch does not do:
 * headers, timeout, pre-request refresh, refresh-and-replay on 401, single-flight refresh, error
 * normalisation.
 */
export function createTransport(options: TransportOptions): Transport {
  const { tokenStore, timeoutMs, now, onSessionExpired } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  let inFlight: Promise<Tokens> | null = null;
  // Refreshes are numbered: a 401 is answered by the first refresh started after its request
  // left, so a wave of late 401s shares one outcome (success or failure) instead of refreshing
  // again once the first refresh is over.
  let refreshesStarted = 0;
  let lastRefresh: { number: number; outcome: Promise<Tokens> } | null = null;
  // Bumped on every store change, so a refresh can tell that a logout (or another tab) came first.
  let storeVersion = 0;
  // Expiry is reported once until the tokens change again by someone else (login, other tab).
  let expiryReported = false;
  let clearingForExpiry = false;
  tokenStore.subscribe(() => {
    storeVersion += 1;
    if (clearingForExpiry) return;
    expiryReported = false;
  });

  function expireSession(): void {
    if (expiryReported) return;
    expiryReported = true;
    clearingForExpiry = true;
    try {
      tokenStore.clearTokens();
    } finally {
      clearingForExpiry = false;
    }
    onSessionExpired?.();
  }

  function pathOf(request: Request): string {
    const url = new URL(request.url);
    const basePath = baseUrl === '' ? '' : new URL(baseUrl, url).pathname.replace(/\/+$/, '');
    return url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  }

  /** One exchange with its own timeout; a caller's own abort passes through untouched. */
  async function send(request: Request, accessToken: string | null): Promise<Response> {
    // Cancelled while waiting (for a refresh, before a replay): nothing more goes out.
    request.signal.throwIfAborted();
    const headers = new Headers(request.headers);
    // FormData bodies already carry their multipart type (with its boundary).
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    // A token that is not a legal header value (a corrupted store) is not sendable: go without.
    if (accessToken !== null && sendableToken.test(accessToken) && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${accessToken}`);
    }
    const timeout = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new ApiError({ kind: 'timeout', status: 0, message: messages.http.timeout });
        timeout.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      const signal = AbortSignal.any([request.signal, timeout.signal]);
      const outgoing = new Request(request, { headers, signal, credentials: 'include' });
      return await Promise.race([options.fetch(outgoing), timedOut]);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (request.signal.aborted) throw request.signal.reason;
      throw new ApiError({
        kind: 'network',
        status: 0,
        message: messages.http.network,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Rejects non-2xx answers; reads 2xx bodies here, so one that breaks off midway fails as a
   * network error (an ApiError) instead of escaping from openapi-fetch as a bare TypeError.
   */
  async function settle(response: Response, signal: AbortSignal): Promise<Response> {
    if (!response.ok) throw await apiErrorFromResponse(response, now());
    if (response.body === null) return response;
    let body: ArrayBuffer;
    try {
      body = await response.arrayBuffer();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ApiError({
        kind: 'network',
        status: 0,
        message: messages.http.network,
        cause: error,
      });
    }
    const { status, statusText, headers } = response;
    return new Response(nullBodyStatuses.has(status) ? null : body, {
      status,
      statusText,
      headers,
    });
  }

  function currentTokens(): Tokens | null {
    const accessToken = tokenStore.getAccessToken();
    const refreshToken = tokenStore.getRefreshToken();
    return accessToken !== null && refreshToken !== null ? { accessToken, refreshToken } : null;
  }

  /** The tokens changed while a refresh ran: keep theirs, never write ours back. */
  function supersededOutcome(): Tokens {
    const tokens = currentTokens();
    if (tokens !== null) return tokens;
    throw new ApiError({ kind: 'session-expired', status: 401 });
  }

  function sessionDead(error: ApiError): ApiError {
    expireSession();
    return error;
  }

  async function runRefresh(askedWith: string | null): Promise<Tokens> {
    // Another tab renewed the session while this one waited for the lock: use its tokens.
    const stored = currentTokens();
    if (stored !== null && stored.accessToken !== askedWith) return stored;
    const refreshToken = tokenStore.getRefreshToken();
    if (refreshToken === null || refreshToken === '') throw new NoRefreshTokenError();
    const version = storeVersion;
    // A logout, a login or another tab's refresh changed the store while this one ran (the
    // refresh token is compared too: another tab's change may come without an event).
    const superseded = () =>
      version !== storeVersion || tokenStore.getRefreshToken() !== refreshToken;
    const request = new Request(`${baseUrl}${refreshPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    // Network failures and timeouts pass through: retryable, the tokens stay.
    const response = await send(request, null);
    if (!response.ok) {
      const error = await apiErrorFromResponse(response, now());
      if (error.retryable) throw error;
      if (superseded()) return supersededOutcome();
      throw sessionDead(
        new ApiError({
          kind: 'refresh-failed',
          status: error.status,
          data: error.data,
          message: messages.http.refreshFailed,
        }),
      );
    }
    const body = await parseResponseBody(response).catch(() => undefined);
    if (superseded()) return supersededOutcome();
    if (!isTokens(body)) {
      // A rotating server has consumed the old refresh token: the session cannot continue.
      throw sessionDead(
        new ApiError({
          kind: 'refresh-failed',
          status: response.status,
          data: body,
          message: messages.http.refreshFailed,
        }),
      );
    }
    tokenStore.setTokens({ accessToken: body.accessToken, refreshToken: body.refreshToken });
    return { accessToken: body.accessToken, refreshToken: body.refreshToken };
  }

  function refresh(): Promise<Tokens> {
    if (inFlight === null) {
      refreshesStarted += 1;
      const askedWith = tokenStore.getAccessToken();
      const run = () => runRefresh(askedWith);
      const outcome = (options.refreshLock ? options.refreshLock(run) : run()).finally(() => {
        inFlight = null;
      });
      inFlight = outcome;
      lastRefresh = { number: refreshesStarted, outcome };
    }
    return inFlight;
  }

  /** The number of the last refresh whose outcome cannot answer a request sent now. */
  function refreshSeenBySend(): number {
    // A refresh still running was started for tokens this request still carries: it answers.
    return inFlight === null ? refreshesStarted : refreshesStarted - 1;
  }

  /**
   * docs/product.md#generic-request-behaviour: refresh first when the stored access token is
   * expired; a failure is ignored here.
   */
  async function refreshIfExpired(): Promise<ApiError | undefined> {
    if (!isTokenExpired(tokenStore.getAccessToken(), now() / 1000)) return undefined;
    if (inFlight === null && !tokenStore.getRefreshToken()) return undefined;
    try {
      await refresh();
      return undefined;
    } catch (error) {
      return error instanceof ApiError ? error : undefined;
    }
  }

  /** The access token to replay with after a 401. */
  async function renewedToken(sentWith: string | null, sentAfter: number): Promise<string> {
    if (lastRefresh !== null && lastRefresh.number > sentAfter) {
      // A refresh started after this request left: its outcome is this request's too.
      await lastRefresh.outcome;
      const current = tokenStore.getAccessToken();
      if (current === null) throw new ApiError({ kind: 'session-expired', status: 401 });
      return current;
    }
    const current = tokenStore.getAccessToken();
    // Someone renewed the session since this request left (another tab): replay with theirs.
    if (current !== null && current !== sentWith) return current;
    return (await refresh()).accessToken;
  }

  async function tokenAfter401(
    sentWith: string | null,
    sentAfter: number,
    first: ApiError,
  ): Promise<string> {
    try {
      return await renewedToken(sentWith, sentAfter);
    } catch (error) {
      if (error instanceof NoRefreshTokenError) {
        expireSession();
        throw new NoRefreshTokenError(first.data);
      }
      throw error;
    }
  }

  async function transportFetch(request: Request): Promise<Response> {
    const path = pathOf(request);
    const isRefreshCall = path === refreshPath;
    // A caller-chosen Authorization (the invite token) is not the session's to renew.
    const callerAuthorized = request.headers.has('Authorization');
    const renewable = !callerAuthorized && !credentialCheckPaths.has(path);
    const preFailure =
      isRefreshCall || callerAuthorized
        ? undefined
        : await untilAborted(refreshIfExpired(), request.signal);
    // Cloned before the first send: a replay needs the body byte for byte.
    const replay = renewable ? request.clone() : undefined;
    const sentWith = isRefreshCall ? null : tokenStore.getAccessToken();
    const sentAfter = refreshSeenBySend();
    const response = await send(request, sentWith);
    if (response.status !== 401 || replay === undefined) return settle(response, request.signal);

    const first = await apiErrorFromResponse(response, now());
    // The pre-request refresh already found the session dead (and reported it).
    if (preFailure !== undefined && !preFailure.retryable) throw preFailure;
    const accessToken = await untilAborted(
      tokenAfter401(sentWith, sentAfter, first),
      request.signal,
    );
    const second = await send(replay, accessToken);
    if (second.status !== 401) return settle(second, request.signal);
    const secondError = await apiErrorFromResponse(second, now());
    expireSession();
    throw new ApiError({ kind: 'session-expired', status: 401, data: secondError.data });
  }

  return { fetch: transportFetch, refresh };
}
