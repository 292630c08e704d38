// The licence script's pure parts, run in Node with its real WebCrypto; the whole script runs in
// Chromium in e2e/tests/theme-licence.spec.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  afterFailure,
  claimsFit,
  GRACE_SECONDS,
  hostAllowed,
  nextStep,
  normaliseHost,
  parseToken,
  readObject,
  RETRY_SECONDS,
  STORAGE_KEY,
  TIMEOUT_MS,
  verifyToken,
} from '../../theme/assets/theme-licence.js';
import { themePackageDir } from '../paths.ts';
import { testSigner } from '../testing/keys.ts';

const signer = await testSigner('key-1');
const stranger = await testSigner('key-1');
const context = {
  portal: 'https://portal.example',
  shop: 'boutique-x.myshopify.com',
  host: 'www.boutique-x.fr',
};
const now = 1_800_000_000;
const claims = {
  iss: 'https://portal.example',
  aud: 'boutique-x.myshopify.com',
  sub: 'licence-1',
  status: 'active',
  hosts: ['boutique-x.fr', 'boutique-x.myshopify.com'],
  plan: 'scale',
  latest_version: '2.1.0',
  iat: now,
  exp: now + 12 * 3600,
};
const findKey = async (kid: string) => (kid === signer.kid ? signer.jwk : undefined);
const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('the constants the script relies on', () => {
  it('keeps one namespaced entry, a 7-day grace, 15 minutes between failed tries, a 5 s timeout', () => {
    expect(STORAGE_KEY).toBe('theme-boutique:licence');
    expect(GRACE_SECONDS).toBe(7 * 24 * 3600);
    expect(RETRY_SECONDS).toBe(15 * 60);
    expect(TIMEOUT_MS).toBe(5000);
  });
});

describe('the script file', () => {
  const source = readFileSync(path.join(themePackageDir, 'theme/assets/theme-licence.js'));

  it('weighs at most 3 KiB gzipped', () => {
    expect(gzipSync(source, { level: 9 }).length).toBeLessThanOrEqual(3 * 1024);
  });

  it('imports nothing', () => {
    expect(source.toString()).not.toMatch(/^\s*import\b|\bimport\(|\brequire\(/m);
  });
});

describe('normaliseHost and hostAllowed', () => {
  it('compares hosts in lower case, without the final dot, `www.` or not', () => {
    expect(normaliseHost(' WWW.Boutique-X.fr. ')).toBe('www.boutique-x.fr');
    expect(hostAllowed(['boutique-x.fr'], 'www.boutique-x.fr')).toBe(true);
    expect(hostAllowed(['www.boutique-x.fr'], 'Boutique-X.fr')).toBe(true);
    expect(hostAllowed(['boutique-x.myshopify.com'], 'boutique-x.myshopify.com')).toBe(true);
  });

  it('allows no other host', () => {
    for (const host of [
      'boutique-y.fr',
      'evil-boutique-x.fr',
      'boutique-x.fr.evil.com',
      'shop.boutique-x.fr',
    ]) {
      expect(hostAllowed(['boutique-x.fr'], host), host).toBe(false);
    }
    expect(hostAllowed('boutique-x.fr', 'boutique-x.fr')).toBe(false);
    expect(hostAllowed(undefined, 'boutique-x.fr')).toBe(false);
  });
});

describe('parseToken', () => {
  it('cuts a compact JWS signed with EdDSA into its kid, claims, signed data and signature', async () => {
    const token = await signer.sign(claims);
    const parsed = parseToken(token);
    expect(parsed).toMatchObject({ kid: 'key-1', claims });
    expect(new TextDecoder().decode(parsed!.data)).toBe(token.split('.').slice(0, 2).join('.'));
    expect(parsed!.signature).toHaveLength(64);
  });

  it.each([
    [
      'alg none',
      `${base64url('{"alg":"none","kid":"key-1"}')}.${base64url(JSON.stringify(claims))}.`,
    ],
    [
      'alg none with a signature',
      `${base64url('{"alg":"none","kid":"key-1"}')}.${base64url(JSON.stringify(claims))}.c2ln`,
    ],
    [
      'another algorithm',
      `${base64url('{"alg":"HS256","kid":"key-1"}')}.${base64url(JSON.stringify(claims))}.c2ln`,
    ],
    ['no kid', `${base64url('{"alg":"EdDSA"}')}.${base64url(JSON.stringify(claims))}.c2ln`],
    [
      'a critical header',
      `${base64url('{"alg":"EdDSA","kid":"key-1","crit":["b64"]}')}.${base64url(JSON.stringify(claims))}.c2ln`,
    ],
    [
      'claims that are not an object',
      `${base64url('{"alg":"EdDSA","kid":"key-1"}')}.${base64url('null')}.c2ln`,
    ],
    [
      'a payload that is not JSON',
      `${base64url('{"alg":"EdDSA","kid":"key-1"}')}.${base64url('{')}.c2ln`,
    ],
    ['two parts', 'eyJhbGciOiJFZERTQSJ9.e30'],
    ['four parts', 'a.b.c.d'],
    ['characters outside base64url', 'eyJ+.e30.c2ln'],
    ['nothing', ''],
    ['a number', 42],
    ['undefined', undefined],
  ])('refuses %s', (_, token) => {
    expect(parseToken(token)).toBeNull();
  });
});

describe('claimsFit', () => {
  it('accepts claims of this portal for this shop and host, in any known status', () => {
    for (const status of ['active', 'trial', 'grace', 'inactive']) {
      expect(claimsFit({ ...claims, status }, context), status).toBe(true);
    }
    expect(
      claimsFit({ ...claims, aud: ['other.myshopify.com', 'Boutique-X.myshopify.com'] }, context),
    ).toBe(true);
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example' }],
    ['the issuer with a path', { iss: 'https://portal.example/' }],
    ['another shop', { aud: 'boutique-y.myshopify.com' }],
    ['no audience', { aud: undefined }],
    ['another host', { hosts: ['boutique-y.fr'] }],
    ['no hosts', { hosts: undefined }],
    ['an unknown status', { status: 'revoked' }],
    ['an expiry that is not a number', { exp: String(now + 60) }],
  ])('refuses %s', (_, change) => {
    expect(claimsFit({ ...claims, ...change }, context)).toBe(false);
  });
});

describe('verifyToken', () => {
  it('gives the claims of a token signed with a key it is given', async () => {
    expect(await verifyToken(await signer.sign(claims), context, findKey)).toEqual(claims);
  });

  it('verifies an expired token too: expiry is the caller’s decision', async () => {
    const expired = { ...claims, exp: now - 3600 };
    expect(await verifyToken(await signer.sign(expired), context, findKey)).toEqual(expired);
  });

  it('looks the token’s kid up, and nothing else', async () => {
    const lookUp = vi.fn(findKey);
    await verifyToken(await signer.sign(claims), context, lookUp);
    expect(lookUp.mock.calls).toEqual([['key-1']]);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await signer.sign(claims)).split('.');
    const changed = base64url(JSON.stringify({ ...claims, status: 'active', exp: now + 10 ** 6 }));
    expect(await verifyToken(`${header}.${changed}.${signature}`, context, findKey)).toBeNull();
  });

  it('refuses a token signed with another key under the same kid', async () => {
    expect(await verifyToken(await stranger.sign(claims), context, findKey)).toBeNull();
  });

  it('refuses a token whose key is unknown, or when the look-up fails', async () => {
    expect(
      await verifyToken(await signer.sign(claims, { kid: 'key-9' }), context, findKey),
    ).toBeNull();
    const failing = async () => {
      throw new Error('network');
    };
    expect(await verifyToken(await signer.sign(claims), context, failing)).toBeNull();
  });

  it('refuses a signed token for another shop or host without looking its key up', async () => {
    const lookUp = vi.fn(findKey);
    expect(
      await verifyToken(await signer.sign({ ...claims, aud: 'y.myshopify.com' }), context, lookUp),
    ).toBeNull();
    expect(
      await verifyToken(await signer.sign({ ...claims, hosts: ['y.fr'] }), context, lookUp),
    ).toBeNull();
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('refuses a key that is not an Ed25519 public key', async () => {
    const broken = async () => ({ kid: 'key-1', x: 'not-a-key' });
    expect(await verifyToken(await signer.sign(claims), context, broken)).toBeNull();
  });
});

describe('nextStep', () => {
  it('uses a kept token until it expires, making no request', () => {
    expect(nextStep(claims, {}, now)).toBe('use');
    expect(nextStep({ ...claims, status: 'inactive' }, {}, now)).toBe('use');
    expect(nextStep(claims, {}, claims.exp)).toBe('ask');
  });

  it('waits after a recent failure, then asks again', () => {
    const expired = { ...claims, exp: now - 1 };
    expect(nextStep(expired, { retry: now + 1 }, now)).toBe('wait');
    expect(nextStep(null, { retry: now + 1 }, now)).toBe('wait');
    expect(nextStep(null, { retry: now }, now)).toBe('ask');
    expect(nextStep(null, {}, now)).toBe('ask');
  });
});

describe('afterFailure', () => {
  const entry = { token: 'kept.token.value', message: 'Merci' };
  const expired = { ...claims, exp: now - 3600 };

  it('keeps the last good answer within 7 days past its expiry, and waits before asking again', () => {
    expect(afterFailure(entry, expired, now)).toEqual({ ...entry, retry: now + RETRY_SECONDS });
    expect(afterFailure(entry, { ...expired, status: 'trial' }, now)).toEqual({
      ...entry,
      retry: now + RETRY_SECONDS,
    });
    const lastSecond = expired.exp + GRACE_SECONDS - 1;
    expect(afterFailure(entry, expired, lastSecond)).toMatchObject({ token: entry.token });
  });

  it('drops it after the grace, and never keeps an answer that was not good', () => {
    expect(afterFailure(entry, expired, expired.exp + GRACE_SECONDS)).toEqual({
      retry: expired.exp + GRACE_SECONDS + RETRY_SECONDS,
    });
    expect(afterFailure(entry, { ...expired, status: 'inactive' }, now)).toEqual({
      retry: now + RETRY_SECONDS,
    });
    expect(afterFailure({}, null, now)).toEqual({ retry: now + RETRY_SECONDS });
  });
});

describe('readObject', () => {
  it('reads a stored object and turns anything else into an empty one', () => {
    expect(readObject('{"token":"a.b.c","retry":5}')).toEqual({ token: 'a.b.c', retry: 5 });
    for (const text of [null, undefined, '', 'null', '42', '"text"', '{', 'undefined']) {
      expect(readObject(text), String(text)).toEqual({});
    }
  });
});
