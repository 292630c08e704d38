import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  loadLicenceKeyring,
  RETIRED_KEY_PUBLISHED_SECONDS,
  rotateLicenceKey,
} from '../../licences/signing-keys.ts';
import {
  call,
  createAdmin,
  loggedInCustomer,
  sessionFor,
  useTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { addLicence, checked, keySetOf, verifiedToken, verify } from './test-support.ts';

/**
 * The keys signing licence tokens (docs/operations.md, 'Licence signing key'): one key for every
 * restart and replica, generated once or configured, rotated with the old key still published
 * while its tokens may be current.
 */
// The reset empties the keyring too: each test starts its own processes on it.
const server = useTestServer();
afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
});

const shop = 'boutique-x.myshopify.com';
const check = { shop, host: 'boutique-x.fr' };

const started: FastifyInstance[] = [];

/** A process on the test's database: the same start-up as `main.ts`'s (closed after the test). */
async function start(config: Partial<TestServer['config']> = {}) {
  const app = await buildApp({
    db: server.db,
    config: { ...server.config, ...config },
    now: server.clock.now,
  });
  await app.ready();
  started.push(app);
  return { app, clock: server.clock };
}

async function storedKeys() {
  return server.db.query<{
    kid: string;
    origin: string;
    has_private: boolean;
    retired: boolean;
  }>(
    `SELECT kid, origin, private_key IS NOT NULL AS has_private, retired_at IS NOT NULL AS retired
     FROM licence_signing_keys ORDER BY created_at, kid`,
  );
}

const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('the published keys', () => {
  it('are Ed25519 JWKs named by their RFC 7638 thumbprint, public and cacheable', async () => {
    const subject = await start();
    const answer = await call<{ keys: Record<string, string>[] }>(
      subject,
      'GET',
      '/.well-known/jwks.json',
    );
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.body.keys).toHaveLength(1);
    const [key] = answer.body.keys;
    expect(key).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      kid: subject.app.licenceKeys.kid,
      alg: 'EdDSA',
      use: 'sig',
    });
    expect(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: String(key?.x) })).toBe(
      key?.kid,
    );
  });
});

describe('one key for every restart and every replica', () => {
  it('is kept across a restart on the same data', async () => {
    const first = await start();
    const token = (await verify(first, check)).body.token;
    await first.app.close();
    const again = await start();
    expect(again.app.licenceKeys.kid).toBe(first.app.licenceKeys.kid);
    await expect(verifiedToken(again, token, shop)).resolves.toBeDefined();
    expect(await storedKeys()).toEqual([
      { kid: again.app.licenceKeys.kid, origin: 'generated', has_private: true, retired: false },
    ]);
  });

  it('is generated once when processes start together on an empty keyring', async () => {
    const options = { db: server.db, configured: undefined, now: server.clock.now };
    const rings = await Promise.all([1, 2, 3].map(() => loadLicenceKeyring(options)));
    expect(new Set(rings.map((ring) => ring.kid)).size).toBe(1);
    expect(await storedKeys()).toEqual([
      { kid: rings[0]?.kid, origin: 'generated', has_private: true, retired: false },
    ]);
  });
});

describe('rotation of the generated key', () => {
  it('signs with a new key at once; the old one stays published 13 hours, its tokens verify', async () => {
    const subject = await start();
    const old = subject.app.licenceKeys.kid;
    const before = (await verify(subject, check)).body.token;
    const rotated = await rotateLicenceKey({
      db: server.db,
      configured: undefined,
      now: server.clock.now,
    });
    expect(rotated.retired).toBe(old);
    // A serving process reads the keyring again every minute; here, by hand.
    await subject.app.licenceKeys.refresh();
    expect(subject.app.licenceKeys.kid).toBe(rotated.kid);
    const after = await checked(subject, check);
    expect(after.header.kid).toBe(rotated.kid);
    const keys = await keySetOf(subject);
    expect(keys.keys.map((key) => key.kid)).toEqual([rotated.kid, old]);
    await expect(verifiedToken(subject, before, shop, keys)).resolves.toBeDefined();
    // The retired key can never sign again.
    expect(await storedKeys()).toEqual([
      { kid: old, origin: 'generated', has_private: false, retired: true },
      { kid: rotated.kid, origin: 'generated', has_private: true, retired: false },
    ]);

    server.clock.advance(RETIRED_KEY_PUBLISHED_SECONDS - 60);
    await subject.app.licenceKeys.refresh();
    expect((await keySetOf(subject)).keys.map((key) => key.kid)).toEqual([rotated.kid, old]);
    server.clock.advance(61);
    await subject.app.licenceKeys.refresh();
    expect((await keySetOf(subject)).keys.map((key) => key.kid)).toEqual([rotated.kid]);
  });

  it('is refused while a key is configured', async () => {
    await expect(
      rotateLicenceKey({ db: server.db, configured: pem(), now: server.clock.now }),
    ).rejects.toThrow(/LICENCE_SIGNING_KEY/);
  });
});

describe('a configured key (LICENCE_SIGNING_KEY)', () => {
  it('signs, is recorded by its public part only, and the key before it stays published', async () => {
    const generated = (await start()).app.licenceKeys.kid;
    const configured = pem();
    const jwk = await exportJWK(createPrivateKey(configured));
    const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: String(jwk.x) });
    const first = await start({ licenceSigningKey: configured });
    expect(first.app.licenceKeys.kid).toBe(kid);
    expect((await checked(first, check)).header.kid).toBe(kid);
    expect((await keySetOf(first)).keys.map((key) => key.kid)).toEqual([kid, generated]);
    expect(await storedKeys()).toEqual([
      { kid: generated, origin: 'generated', has_private: false, retired: true },
      { kid, origin: 'configured', has_private: false, retired: false },
    ]);

    // Another key configured: the first is retired, still published.
    const second = await start({ licenceSigningKey: pem() });
    expect((await keySetOf(second)).keys.map((key) => key.kid).slice(1)).toEqual([kid, generated]);
    // No key configured any more: a generated one signs, the configured ones stay published.
    const back = await start();
    expect([kid, generated, second.app.licenceKeys.kid]).not.toContain(back.app.licenceKeys.kid);
    expect((await keySetOf(back)).keys).toHaveLength(4);
    expect((await storedKeys()).filter((key) => !key.retired)).toEqual([
      { kid: back.app.licenceKeys.kid, origin: 'generated', has_private: true, retired: false },
    ]);
  });
});

// A second replica over its own connections to the same schema: `pnpm test:server:pg`.
describe.runIf(process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '')(
  'replicas sharing one PostgreSQL',
  () => {
    it('sign with the same key, and a suspension on one reaches the other’s verification', async () => {
      const customer = await loggedInCustomer(server);
      const licenceId = await addLicence(
        server,
        customer.accessToken,
        'boutique-x.fr',
        'boutique-x',
      );
      const primary = await start();
      const replica = await server.replica?.();
      if (replica === undefined) throw new Error('no replica on PostgreSQL');
      try {
        const other = { app: replica.app, clock: server.clock };
        expect(replica.app.licenceKeys.kid).toBe(primary.app.licenceKeys.kid);
        const theirs = await checked(other, check);
        expect(theirs.answer.status).toBe('active');
        await expect(verifiedToken(primary, theirs.answer.token, shop)).resolves.toBeDefined();
        const admin = await createAdmin(server);
        const { accessToken } = await sessionFor(server, { kind: 'admin', id: admin.id });
        const suspended = await call(server, 'POST', `/api/admin/licenses/${licenceId}/suspend`, {
          token: accessToken,
          body: { reason: 'Abus' },
        });
        expect(suspended.status).toBe(200);
        const deadline = Date.now() + 10_000;
        while ((await checked(other, check)).answer.status !== 'inactive') {
          if (Date.now() > deadline) throw new Error('the replica still answers active');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        await replica.close();
      }
    });
  },
);
