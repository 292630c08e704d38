import { generateKeyPairSync } from 'node:crypto';
import { messages } from '@portal/core/domain';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { texts } from '../../texts.ts';
import { call, loggedInCustomer, useTestServer } from '../../test/harness.ts';
import { addLicence, checked, keySetOf, verifiedToken, verify } from './test-support.ts';

/**
 * What a hostile client can send the public verification (docs/security.md): malformed and
 * oversized bodies, odd hosts, enumeration, too many calls, and tokens forged or altered, which
 * the published keys must refuse as the theme's offline check does.
 */
const server = useTestServer({
  config: { verifyLimit: { perAddress: 1_000_000, perShop: 1_000_000 } },
});
/** Small budgets, on a server of their own. */
const limited = useTestServer({ config: { verifyLimit: { perAddress: 3, perShop: 5 } } });

const words = messages.licenceVerification;
const shop = 'boutique-x.myshopify.com';

async function licensed() {
  const customer = await loggedInCustomer(server);
  await addLicence(server, customer.accessToken, 'boutique-x.fr', 'boutique-x');
}

describe('malformed requests answer 400 in French, never 5xx', () => {
  it('refuses bodies that are not the contract’s, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ host: 'boutique-x.fr', theme_role: 'main' }, 'shop'],
      [{ shop, theme_role: 'main' }, 'host'],
      [{ shop, host: 'boutique-x.fr' }, 'theme_role'],
      [{ shop: 42, host: 'boutique-x.fr', theme_role: 'main' }, 'shop'],
      [{ shop, host: ['boutique-x.fr'], theme_role: 'main' }, 'host'],
      [{ shop, host: 'boutique-x.fr', theme_role: 'live' }, 'theme_role'],
      [{ shop, host: 'boutique-x.fr', theme_role: 'main', design_mode: 'oui' }, 'design_mode'],
      [{ shop, host: 'boutique-x.fr', theme_role: 'main', theme_version: '' }, 'theme_version'],
      [
        { shop, host: 'boutique-x.fr', theme_role: 'main', theme_version: 'v'.repeat(65) },
        'theme_version',
      ],
      [{ shop: 'boutique-x', host: 'boutique-x.fr', theme_role: 'main' }, 'shop'],
      [{ shop: 'boutique-x.fr', host: 'boutique-x.fr', theme_role: 'main' }, 'shop'],
      [{ shop: `x.${shop}`, host: 'boutique-x.fr', theme_role: 'main' }, 'shop'],
      [{ shop: 'a\u0000.myshopify.com', host: 'boutique-x.fr', theme_role: 'main' }, 'shop'],
      [{ shop, host: 'boutique-x.fr\u0000', theme_role: 'main' }, 'host'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(server, 'POST', '/api/licences/verify', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(messages.http[422]);
      expect(Object.keys(answer.body.errors as object), JSON.stringify(body)).toContain(field);
    }
    const notShopify = await verify(server, { shop: 'boutique-x.fr', host: 'boutique-x.fr' });
    expect(notShopify.body).toMatchObject({ errors: { shop: words.shopInvalid } });
  });

  it('refuses what is not a JSON object, and a body over 4 KiB', async () => {
    for (const rawBody of ['{"shop":', 'null', '[]', '"texte"', '42']) {
      const answer = await call(server, 'POST', '/api/licences/verify', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, rawBody).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const padded = await call(server, 'POST', '/api/licences/verify', {
      body: { shop, host: 'boutique-x.fr', theme_role: 'main', padding: 'x'.repeat(5000) },
    });
    expect(padded.status).toBe(413);
    expect(padded.body).toEqual({ message: texts.http.payloadTooLarge });
    expect(padded.headers['access-control-allow-origin']).toBe('*');
    const form = await call(server, 'POST', '/api/licences/verify', {
      rawBody: 'shop=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      allowUndocumentedStatus: true,
    });
    expect(form.status).toBe(415);
  });

  it('ignores fields it does not know (a later theme may send more)', async () => {
    await licensed();
    const answer = await call(server, 'POST', '/api/licences/verify', {
      body: { shop, host: 'boutique-x.fr', theme_role: 'main', locale: 'fr', extra: { a: 1 } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('active');
  });
});

describe('odd hosts', () => {
  it('are normalised, or refused when they are no host name; never a 5xx', async () => {
    await licensed();
    const active = [
      'BOUTIQUE-X.FR',
      'boutique-x.fr.',
      'boutique-x.fr:8080',
      'ｂｏｕｔｉｑｕｅ-ｘ.ｆｒ',
    ];
    for (const host of active) {
      expect((await checked(server, { shop, host })).answer.status, host).toBe('active');
    }
    const inactive: [string, string][] = [
      ['bücher.fr', 'xn--bcher-kva.fr'],
      ['192.0.2.1', '192.0.2.1'],
      ['[2001:db8::1]:443', '[2001:db8::1]'],
      ['localhost', 'localhost'],
    ];
    for (const [host, normalised] of inactive) {
      const { answer, claims } = await checked(server, { shop, host });
      expect(answer, host).toMatchObject({
        status: 'inactive',
        message: words.hostNotPaired(normalised),
      });
      expect(claims.status).toBe('inactive');
    }
    for (const host of [
      '',
      ' ',
      'https://boutique-x.fr',
      'boutique-x.fr/path',
      'moi@boutique-x.fr',
      'boutique x.fr',
      '-x.fr',
      'a..fr',
      '::1',
      'x'.repeat(300),
      `${'a'.repeat(64)}.fr`,
    ]) {
      const answer = await verify(server, { shop, host });
      expect(answer.status, JSON.stringify(host)).toBe(400);
      expect(Object.keys(answer.body as object)).toContain('errors');
    }
  });

  it('any text as a host answers 200 or 400, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (host) => {
        const answer = await verify(server, { shop, host });
        expect([200, 400]).toContain(answer.status);
      }),
      { numRuns: 60 },
    );
  });
});

describe('enumerating shops learns nothing', () => {
  it('every shop without a licence gets the same answer shape, status and message', async () => {
    await loggedInCustomer(server, { plan: 'scale', shop: 'cliente.myshopify.com' });
    const shops = ['cliente', 'inconnue', 'a', 'boutique-123', 'x-y-z'].map(
      (label) => `${label}.myshopify.com`,
    );
    const seen = new Set<string>();
    for (const candidate of shops) {
      const { answer, claims } = await checked(server, { shop: candidate, host: 'www.exemple.fr' });
      const { token: _token, ...rest } = answer;
      const { iat: _iat, exp, aud, ...claimRest } = claims;
      expect(aud).toBe(candidate);
      expect(exp - claims.iat).toBe(3600);
      seen.add(JSON.stringify({ rest, claimRest }));
    }
    expect(seen.size).toBe(1);
  });
});

describe('budgets (rule 7): per client address and per shop, 429 with Retry-After', () => {
  // The buckets live in the process across tests: each check names a shop of its own, unless
  // the shop's budget is the point.
  let shops = 0;
  const anyShop = () => ({ shop: `boutique-${(shops += 1)}.myshopify.com`, host: 'x.fr' });

  it('refuses the address past its budget, in French, until its bucket refills', async () => {
    const from = { remoteAddress: '198.51.100.7' };
    for (let index = 0; index < 3; index += 1) {
      expect((await verify(limited, anyShop(), from)).status).toBe(200);
    }
    const refused = await verify(limited, anyShop(), from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: messages.http[429] });
    // 3 a minute: one call every 20 seconds.
    expect(refused.headers['retry-after']).toBe('20');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toBe('Retry-After');
    // Another address is not held back.
    const other = await verify(limited, anyShop(), { remoteAddress: '198.51.100.8' });
    expect(other.status).toBe(200);
    limited.clock.advance(20);
    expect((await verify(limited, anyShop(), from)).status).toBe(200);
    expect((await verify(limited, anyShop(), from)).status).toBe(429);
  });

  it('refuses a shop past its budget, whatever the addresses', async () => {
    const target = { shop: 'cible.myshopify.com', host: 'x.fr' };
    for (let index = 0; index < 5; index += 1) {
      const from = { remoteAddress: `203.0.113.${index + 1}` };
      expect((await verify(limited, target, from)).status).toBe(200);
    }
    const refused = await verify(limited, target, { remoteAddress: '203.0.113.99' });
    expect(refused.status).toBe(429);
    // 5 a minute: one call every 12 seconds.
    expect(refused.headers['retry-after']).toBe('12');
    // Another shop is not held back.
    const other = await verify(limited, anyShop(), { remoteAddress: '203.0.113.98' });
    expect(other.status).toBe(200);
  });
});

describe('tokens that are not the portal’s fail the offline check (the theme’s twin)', () => {
  it('refuses altered, unsigned, expired, misaddressed and foreign tokens', async () => {
    await licensed();
    const keys = await keySetOf(server);
    const genuine = (await verify(server, { shop, host: 'boutique-x.fr' })).body.token;
    await expect(verifiedToken(server, genuine, shop, keys)).resolves.toBeDefined();
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = decodeJwt(genuine);
    const { kid } = decodeProtectedHeader(genuine);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    // Another status, hosts or lifetime with the genuine signature.
    const altered = [
      { ...claims, status: 'active', hosts: ['pirate.fr'] },
      { ...claims, exp: (claims.exp ?? 0) + 365 * 24 * 3600 },
      { ...claims, aud: 'autre.myshopify.com' },
    ].map((changed) => `${header}.${encode(changed)}.${signature}`);
    // A flipped bit of the signature.
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    // `alg: none`, and an HMAC keyed with the public key (the classic confusion).
    const unsigned = new UnsecuredJWT(claims).encode();
    const noneWithKid = `${encode({ alg: 'none', kid })}.${payload}.`;
    const publicX = Buffer.from(String(keys.keys[0]?.x), 'base64url');
    const hmac = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(publicX);
    // A token signed by another Ed25519 key, under the published kid.
    const { privateKey } = generateKeyPairSync('ed25519');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .sign(privateKey);
    for (const forged of [
      ...altered,
      `${header}.${payload}.${flipped.toString('base64url')}`,
      `${header}.${payload}.`,
      unsigned,
      noneWithKid,
      hmac,
      foreign,
    ]) {
      await expect(verifiedToken(server, forged, shop, keys), forged).rejects.toThrow();
    }
    // The genuine token, for another shop or once it has expired.
    await expect(verifiedToken(server, genuine, 'autre.myshopify.com', keys)).rejects.toThrow();
    server.clock.advance(12 * 3600 + 1);
    await expect(verifiedToken(server, genuine, shop, keys)).rejects.toThrow();
  });
});
