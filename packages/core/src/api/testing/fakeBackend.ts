/**
 * Test support: a fetch the test controls, recording every request it receives.
 * Not exported from the package.
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
