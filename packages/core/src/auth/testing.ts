/**
 * Test support for the flow machines: a real portal client over a scripted fetch, so the
 * `create<Flow>Implementations` factories are exercised through the actual transport.
 */
import { createPortalClient, type PortalClient } from '../api/client.ts';
import { createMemoryTokenStore } from '../session/tokenStore.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type ScriptedAnswer = { status: number; body?: unknown; blob?: Blob };

/** Answers `METHOD /path` from the script; records every request. */
export function scriptedClient(script: Record<string, ScriptedAnswer>): {
  client: PortalClient;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const tokenStore = createMemoryTokenStore();
  const client = createPortalClient({
    baseUrl: 'https://api.test',
    tokenStore,
    fetch: async (request: Request) => {
      const path = new URL(request.url).pathname;
      const text = await request.text();
      requests.push({
        method: request.method,
        path,
        body: text === '' ? undefined : JSON.parse(text),
        authorization: request.headers.get('Authorization'),
      });
      const answer = script[`${request.method} ${path}`];
      if (answer === undefined) return new Response(null, { status: 404 });
      if (answer.blob !== undefined) {
        return new Response(answer.blob, {
          status: answer.status,
          headers: { 'Content-Type': 'application/zip' },
        });
      }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  return { client, requests };
}

/** An unsigned JWT whose `exp` lies far ahead, so the transport sends it without refreshing. */
export function futureAccessToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode({ sub: 'test', exp: 4_102_444_800 })}.sig`;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
