import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { TokenStore, Tokens } from '../session/tokenStore.ts';
import { parseResponseBody } from './responses.ts';
import type { paths } from './schema.gen.ts';
import { createTransport, type RefreshLock } from './transport.ts';

export interface PortalClientOptions {
  baseUrl: string;
  /** Receives one finished Request per exchange; `globalThis.fetch` by default. */
  fetch?: (request: Request) => Promise<Response>;
  tokenStore: TokenStore;
  /** Per-request timeout; 10 000 ms by default (docs/product.md#business-constants). */
  timeoutMs?: number;
  /** Clock in milliseconds, for token expiry. */
  now?: () => number;
  /** Called once when the session cannot be renewed (core never navigates itself). */
  onSessionExpired?: () => void;
  /** A lock shared by every tab around the refresh call (`navigator.locks` in the browser). */
  refreshLock?: RefreshLock;
}

export interface PortalClient {
  /** Resolves `{ data, response }` on 2xx, rejects with `ApiError` otherwise. */
  api: Client<paths>;
  /** Renews the tokens (single flight: concurrent callers share one call). */
  refresh(): Promise<Tokens>;
  tokenStore: TokenStore;
}

export const defaultTimeoutMs = 10_000;

/**
 * openapi-fetch parses `parseAs: 'json'` answers with JSON.parse only; the portal also wants
 * text types as text and unparsable JSON as its text (docs/product.md#generic-request-behaviour).
 * Re-encode those so its parse yields that.
 */
const specBodies: Middleware = {
  async onResponse({ response, options }) {
    if (options.parseAs !== 'json' || !response.ok || response.status === 204) return undefined;
    const body = await parseResponseBody(response.clone());
    if (body instanceof Blob) return undefined;
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    headers.set('Content-Type', 'application/json');
    const init = { status: response.status, statusText: response.statusText, headers };
    return new Response(body === undefined ? null : JSON.stringify(body), init);
  },
};

export function createPortalClient(options: PortalClientOptions): PortalClient {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    // Looked up per call so a fetch patched after start-up (tests, service workers) is used.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    tokenStore: options.tokenStore,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    now: options.now ?? Date.now,
    onSessionExpired: options.onSessionExpired,
    refreshLock: options.refreshLock,
  });
  const api = createClient<paths>({ baseUrl: options.baseUrl, fetch: transport.fetch });
  api.use(specBodies);
  return { api, refresh: transport.refresh, tokenStore: options.tokenStore };
}
