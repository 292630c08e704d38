/**
 * Test support: a fetch the test controls, recording every request it receives, and JWTs
 * with chosen claims. Not exported from the package.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  credentials: RequestCredentials;
  signal: AbortSignal;
  body: Uint8Array;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export const baseUrl = 'https://api.test';

export function createFakeBackend(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      url: request.url,
      headers: request.headers,
      credentials: request.credentials,
      signal: request.signal,
      body: new Uint8Array(await request.arrayBuffer()),
    };
    requests.push(recorded);
    return handler(recorded);
  };
  return {
    fetch,
    requests,
    to: (path: string) => requests.filter((request) => request.path === path),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function bodyText(request: RecordedRequest): string {
  return new TextDecoder().decode(request.body);
}

export function base64Url(text: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(text));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT carrying `claims` (the client never verifies signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.c2ln`;
}

/** A promise whose settlement the test decides. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
