// Refresh storm (see docs/performance.md), run by tsx so it can load core's TypeScript: 100
// concurrent calls through the real portal client with an expired access token. Prints one JSON
// line.
import process from 'node:process';
import { createMemoryTokenStore, createPortalClient } from '../packages/core/src/index.ts';

const {
  STORM_ORIGIN: origin,
  STORM_ACCESS: accessToken,
  STORM_REFRESH: refreshToken,
} = process.env;
const calls = Number(process.env.STORM_CALLS ?? 100);

const tokenStore = createMemoryTokenStore();
tokenStore.setTokens({ accessToken, refreshToken });
let refreshCalls = 0;
const client = createPortalClient({
  baseUrl: origin,
  tokenStore,
  fetch: (request) => {
    if (new URL(request.url).pathname === '/auth/refresh') refreshCalls += 1;
    return fetch(request);
  },
});

const started = performance.now();
const outcomes = await Promise.allSettled(
  Array.from({ length: calls }, () => client.api.GET('/api/client/licenses')),
);
const ms = performance.now() - started;
const ok = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
console.log(JSON.stringify({ calls, ok, refreshCalls, ms: Math.round(ms) }));
