// One autocannon measurement in a process of its own, so the bench can pin it to a core apart
// from the server (see docs/performance.md, 'Method'). LOAD_URL, LOAD_TOKEN (optional),
// LOAD_BODY (optional: POSTed as JSON), LOAD_SECONDS; prints one JSON line.
import process from 'node:process';
import autocannon from 'autocannon';

const token = process.env.LOAD_TOKEN;
const body = process.env.LOAD_BODY;
const result = await autocannon({
  url: process.env.LOAD_URL,
  connections: 10,
  duration: Number(process.env.LOAD_SECONDS ?? 10),
  headers: {
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  ...(body === undefined ? {} : { method: 'POST', body }),
});
console.log(
  JSON.stringify({
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
