import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createTestServer,
  expectNoTokenInLogs,
  sessionFor,
  settleAll,
  type TestServer,
} from '../test/harness.ts';

/**
 * docs/security.md, item 16: simulated customers doing the dashboard's calls over real HTTP on a
 * loopback port. `pnpm test` runs the short form; `pnpm test:soak` sets SOAK_CUSTOMERS=50 and
 * SOAK_SECONDS=60.
 */
const customers = Number(process.env.SOAK_CUSTOMERS ?? 10);
const seconds = Number(process.env.SOAK_SECONDS ?? 5);
const minimumCallsPerCustomer = 20;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const logLines: string[] = [];
let server: TestServer;
let base: string;
beforeAll(async () => {
  // Each simulated customer has its own address (X-Forwarded-For), as real ones would.
  server = await createTestServer({ logLines, config: { trustProxy: true } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => server.close());

interface Licence {
  _id: string;
  custom_domain: string;
  shop_domain: string;
}

interface Tally {
  requests: number;
  serverErrors: string[];
  unexpected: string[];
  secrets: string[];
}

/** One customer: sequential calls, each acknowledged one applied to its own model. */
async function simulate(index: number, until: number, tally: Tally): Promise<Map<string, Licence>> {
  const account = await createCustomer(server, { plan: 'business' });
  let tokens = await sessionFor(server, { kind: 'customer', id: account.id });
  tally.secrets.push(tokens.accessToken, tokens.refreshToken);
  const model = new Map<string, Licence>();
  let serial = 0;
  const request = async (method: string, path: string, body?: unknown) => {
    tally.requests += 1;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        'x-forwarded-for': `10.60.${index >> 8}.${index & 255}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 500) tally.serverErrors.push(`${method} ${path} ${response.status}`);
    return { status: response.status, body: text === '' ? {} : JSON.parse(text) };
  };
  const expectStatus = (what: string, status: number, wanted: number) => {
    if (status !== wanted) tally.unexpected.push(`${what}: ${status}`);
    return status === wanted;
  };
  const pick = () => [...model.values()][Math.floor(Math.random() * model.size)];

  // A floor of calls per customer, so a busy machine shortens nothing that is checked.
  let calls = 0;
  while (calls < minimumCallsPerCustomer || Date.now() < until) {
    calls += 1;
    const roll = Math.random();
    if (roll < 0.3) {
      const answer = await request('GET', '/api/client/licenses');
      if (expectStatus('list', answer.status, 200)) {
        const listed = (answer.body as { licenses: Licence[] }).licenses;
        const mine = [...model.values()].sort((a, b) => a._id.localeCompare(b._id));
        const seen = [...listed].sort((a, b) => a._id.localeCompare(b._id));
        if (JSON.stringify(seen.map(domains)) !== JSON.stringify(mine.map(domains))) {
          tally.unexpected.push(`list of customer ${index} differs from its acknowledged writes`);
        }
      }
    } else if (roll < 0.55 && model.size < 10) {
      serial += 1;
      const answer = await request('POST', '/api/client/licenses', {
        custom_domain: `c${index}-${serial}.example.fr`,
        shop_domain: `c${index}-${serial}`,
      });
      if (expectStatus('create', answer.status, 201)) {
        const created = (answer.body as { license: Licence }).license;
        model.set(created._id, created);
      }
    } else if (roll < 0.7 && model.size > 0) {
      const licence = pick();
      if (licence === undefined) continue;
      serial += 1;
      const answer = await request('PUT', `/api/client/licenses/${licence._id}`, {
        custom_domain: `e${index}-${serial}.example.fr`,
        shop_domain: licence.shop_domain,
      });
      if (expectStatus('edit', answer.status, 200)) {
        const updated = (answer.body as { license: Licence }).license;
        model.set(updated._id, updated);
      }
    } else if (roll < 0.85 && model.size > 0) {
      const licence = pick();
      if (licence === undefined) continue;
      const answer = await request('DELETE', `/api/client/licenses/${licence._id}`);
      if (expectStatus('delete', answer.status, 200)) model.delete(licence._id);
    } else {
      const answer = await request('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
      if (expectStatus('refresh', answer.status, 200)) {
        tokens = answer.body as typeof tokens;
        tally.secrets.push(tokens.accessToken, tokens.refreshToken);
      }
    }
  }
  return model;
}

function domains(licence: Licence) {
  return [licence._id, licence.custom_domain, licence.shop_domain];
}

describe('item 16: soak', () => {
  it(
    `${customers} customers for ${seconds} s: no 5xx, the database holds exactly the acknowledged licences, the heap is stable`,
    async () => {
      const tally: Tally = { requests: 0, serverErrors: [], unexpected: [], secrets: [] };
      // A first customer warms the caches up; the heap is measured after it and at the end.
      const warmUp = Math.max(1000, seconds * 100);
      const [warm] = await settleAll([simulate(customers, Date.now() + warmUp, tally)]);
      const heapBefore = heapAfterGc();
      const until = Date.now() + seconds * 1000;
      const outcomes = await settleAll(
        Array.from({ length: customers }, (_, index) => simulate(index, until, tally)),
        seconds * 1000 + 30_000,
      );
      const heapAfter = heapAfterGc();

      expect(tally.serverErrors).toEqual([]);
      expect(tally.unexpected).toEqual([]);
      const models = [warm, ...outcomes].map((outcome) => {
        if (outcome === undefined || outcome.status === 'rejected') throw outcome?.reason;
        return outcome.value;
      });
      const expected = models.flatMap((model) => [...model.values()].map(domains)).sort();
      const rows = await server.db.query<Licence>(
        'SELECT id AS "_id", custom_domain, shop_domain FROM licences',
      );
      expect(rows.map(domains).sort()).toEqual(expected);
      // Generous: a leak of a few kilobytes per request over thousands of requests shows here.
      expect(heapAfter - heapBefore).toBeLessThan(64 * 1024 * 1024);
      expectNoTokenInLogs(logLines, tally.secrets);
    },
    (seconds + 120) * 1000,
  );
});
