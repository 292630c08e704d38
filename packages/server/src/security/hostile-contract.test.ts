import { messages } from '@portal/core/domain';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, type ContractOperation, type JsonSchema } from '../http/contract.ts';
import { INVITE_AUDIENCE } from '../routes/onboarding/index.ts';
import { paidSession } from '../routes/payments/test-support.ts';
import {
  call,
  createAdmin,
  useTestServer,
  expectNoTokenInLogs,
  loggedInCustomer,
  sessionFor,
  snapshot,
  type Answer,
} from '../test/harness.ts';
import { texts } from '../texts.ts';

/**
 * docs/security.md, item 13: every write operation of the contract, walked from
 * `openapi/portal.yaml`, gets bodies generated from its request schema and the known nasties. The
 * answer is never a 500; a refusal is a 4xx with a French message and leaves the database as it
 * was; an accepted value is JSON text (a `<script>` stays inert data: the API never renders HTML).
 */
const logLines: string[] = [];
const server = useTestServer({ logLines });
afterEach(() => expectNoTokenInLogs(logLines));

const nasties = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE customers; --",
  "' OR '1'='1",
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'a\u0000b',
  '\u0000',
  'аpple.com', // Cyrillic а: a confusable
  'ｓｈｏｐ．ｍｙｓｈｏｐｉｆｙ．ｃｏｍ',
  '\u202Egnp.exe',
  'x'.repeat(10_000),
  '😀'.repeat(300),
  '${7*7}{{7*7}}',
  '%00%2e%2e%2f',
  ' ',
  '',
];

/** Every French text of the catalogues (shared and server-only): a refusal must say one of them. */
const frenchTexts = new Set<string>();
(function collect(node: unknown): void {
  if (typeof node === 'string') frenchTexts.add(node);
  else if (node !== null && typeof node === 'object') Object.values(node).forEach(collect);
})([messages, texts]);

function expectFrenchRefusal(answer: Answer, label: string): void {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  expect(typeof message, label).toBe('string');
  const text = String(message);
  const known =
    frenchTexts.has(text) ||
    text === messages.http.fallback(answer.status) ||
    /^Vous avez atteint la limite/.test(text);
  expect(known, `${label}: ${text}`).toBe(true);
}

const wrongType = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** A value for one property: plausible, hostile text or the wrong type. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(schema.enum)) plausible.push(fc.constantFrom(...(schema.enum as unknown[])));
  if (schema.type === 'boolean') plausible.push(fc.boolean());
  if (schema.type === 'integer' || schema.type === 'number') plausible.push(fc.integer());
  if (schema.type === 'string' || schema.type === undefined) {
    plausible.push(
      fc.constantFrom('a@b.fr', 'Secret123', 'boutique', 'https://127.0.0.1:3000/x', 'abc.fr'),
      fc.string({ maxLength: 40 }),
    );
  }
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...nasties) },
    { weight: 2, arbitrary: fc.oneof(...plausible, fc.string()) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** Bodies from the operation's schema: some fields dropped, some hostile, maybe one extra. */
function bodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueFor(property)]),
  );
  const object = fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('admin', 'role', 'customer_id', '$where'), wrongType)),
    )
    .map(([record, extra]) => (extra === null ? record : { ...record, [extra[0]]: extra[1] }));
  return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: wrongType });
}

const hostileIds = [
  '../../etc/passwd',
  '..%2F..%2Fpackage.json',
  "1' OR '1'='1",
  '<script>alert(1)</script>',
  'x'.repeat(3000),
  'аpple',
  '%2e%2e',
];

function urlFor(op: ContractOperation, id: string): string {
  return op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(id));
}

/** The tables a refused write must leave alone (rate-limit counters count refusals by design). */
const watched = [
  'customers',
  'admins',
  'licences',
  'subscriptions',
  'refresh_tokens',
  'password_resets',
  'outbox',
  'checkout_sessions',
  'sandbox_customers',
  'sandbox_subscriptions',
  'sandbox_portal_sessions',
  'webhook_events',
];

const writes = contractOperations().filter((op) => op.body !== undefined);

async function tokensFor(op: ContractOperation, tokens: Record<string, string>) {
  if (op.path.startsWith('/api/admin/')) return tokens.admin;
  if (op.operationId === 'finalizeOnboarding') return tokens.invite;
  return op.secured ? tokens.customer : undefined;
}

async function setUp(): Promise<Record<string, string>> {
  const customer = await loggedInCustomer(server);
  const admin = await createAdmin(server);
  const adminTokens = await sessionFor(server, { kind: 'admin', id: admin.id });
  const session = await paidSession(server);
  const invite = await server.app.tokens.sign(
    {},
    { audience: INVITE_AUDIENCE, ttlSeconds: 3600, subject: session.id },
  );
  return { customer: customer.accessToken, admin: adminTokens.accessToken, invite };
}

async function send(op: ContractOperation, token: string | undefined, body: unknown, id: string) {
  const before = await snapshot(server.db, watched);
  const answer = await call(server, op.method.toUpperCase() as 'POST', urlFor(op, id), {
    ...(token === undefined ? {} : { token }),
    rawBody: JSON.stringify(body) ?? 'null',
    headers: { 'content-type': 'application/json' },
    remoteAddress: `10.13.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const label = `${op.operationId} ${JSON.stringify(body)?.slice(0, 120)}`;
  expect(answer.status, label).toBeLessThan(500);
  if (answer.status >= 400) {
    expectFrenchRefusal(answer, label);
    expect(await snapshot(server.db, watched), label).toEqual(before);
  } else if (answer.rawPayload.length > 0) {
    // Accepted: whatever text was stored comes back as JSON data, never as a page.
    expect(String(answer.headers['content-type']), label).toMatch(/^application\/json/);
  }
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  return answer;
}

describe('item 13: hostile input on every write operation of the contract', () => {
  it('covers every operation with a JSON body', () => {
    expect(writes.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['register', 'createLicense', 'updateProfile', 'adminCreateLicense']),
    );
    expect(writes.length).toBeGreaterThanOrEqual(20);
  });

  // One test per operation: each has its own time budget however many operations there are.
  describe('answers each known nasty in each string field with a 4xx in French, changing nothing', () => {
    let tokens: Record<string, string>;
    beforeAll(async () => {
      tokens = await setUp();
    });

    it.each(writes.map((op) => [op.operationId, op] as const))('%s', async (_, op) => {
      const token = await tokensFor(op, tokens);
      const properties = Object.keys((op.body?.properties ?? {}) as object);
      for (const nasty of nasties) {
        // The nasty in every field at once, and in the path id when there is one.
        const body = Object.fromEntries(properties.map((name) => [name, nasty]));
        const answer = await send(op, token, body, nasty === '' ? 'x' : nasty);
        // No field of the contract takes a nasty as it is except a few free texts.
        if (answer.status < 400) {
          expect(['createStripeCustomer', 'updateBilling'], op.operationId).toContain(
            op.operationId,
          );
        }
      }
    });
  });

  it('keeps every answer under 500 for bodies generated from the request schemas', async () => {
    const tokens = await setUp();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...writes)
          .chain((op) =>
            fc.tuple(
              fc.constant(op),
              bodyFor(op.body ?? {}),
              fc.constantFrom('00000000-0000-4000-8000-000000000000', ...hostileIds),
            ),
          ),
        async ([op, body, id]) => {
          await send(op, await tokensFor(op, tokens), body, id);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses `../` and other hostile ids in every path of the contract with a 4xx', async () => {
    const tokens = await setUp();
    const withIds = contractOperations().filter((op) => op.params !== undefined);
    for (const op of withIds) {
      for (const id of [...hostileIds, '../theme-boutique.zip', 'theme-boutique.zip\u0000.txt']) {
        const answer = await call(server, op.method.toUpperCase() as 'GET', urlFor(op, id), {
          ...(op.secured ? { token: (await tokensFor(op, tokens)) ?? '' } : {}),
          ...(op.body === undefined ? {} : { body: {} }),
        });
        const label = `${op.operationId} ${id.slice(0, 40)}`;
        expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expect(answer.status, label).toBeLessThan(500);
        expectFrenchRefusal(answer, label);
      }
    }
  });

  it('answers a path that does not decode, or an id beyond any length, in French with the headers', async () => {
    const customer = await loggedInCustomer(server);
    for (const [url, status] of [
      ['/api/client/licenses/%E0%A4%A', 400],
      [`/api/client/licenses/${'x'.repeat(3000)}`, 404],
    ] as const) {
      const answer = await server.app.inject({
        method: 'DELETE',
        url,
        headers: { authorization: `Bearer ${customer.accessToken}` },
      });
      expect(answer.statusCode, url.slice(0, 40)).toBe(status);
      expect(answer.json()).toEqual({
        message: status === 400 ? messages.http[422] : messages.http[404],
      });
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the sandbox pages never echo a hostile id or value as markup', async () => {
    for (const id of hostileIds) {
      for (const page of ['checkout', 'portal']) {
        const answer = await server.app.inject({
          method: 'GET',
          url: `/sandbox/${page}/${encodeURIComponent(id)}`,
        });
        expect(answer.statusCode, `${page} ${id}`).toBeLessThan(500);
        expect(answer.body).not.toContain('<script>alert');
        expect(answer.body).not.toContain('onerror=');
      }
      const pay = await server.app.inject({
        method: 'POST',
        url: '/sandbox/checkout/cs_sandbox_nope/pay',
        payload: `email=${encodeURIComponent('<script>alert(1)</script>')}&card=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(pay.statusCode).toBeLessThan(500);
      expect(pay.body).not.toContain('<script>alert');
      expect(pay.body).not.toContain('<img src=x');
    }
  });
});
