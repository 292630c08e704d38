import type { Client } from 'openapi-fetch';
import type { paths } from './schema.gen.ts';
import type { TokenStore, Tokens } from '../session/tokenStore.ts';

export interface PortalClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  tokenStore: TokenStore;
  /** Per-request timeout; the spec's 10 000 ms by default. */
  timeoutMs?: number;
  /** Clock in milliseconds, for token expiry. */
  now?: () => number;
  /** Called once per wave of requests whose session could not be renewed. */
  onSessionExpired?: () => void;
}

export interface PortalClient {
  /** Resolves `{ data, response }` on 2xx, rejects with `ApiError` otherwise. */
  api: Client<paths>;
  /** Renews the tokens (single flight: concurrent callers share one call). */
  refresh(): Promise<Tokens>;
  tokenStore: TokenStore;
}

export declare function createPortalClient(options: PortalClientOptions): PortalClient;
