import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Url, makeJwt } from './testing.ts';
import { decodeJwtPayload, isTokenExpired } from './jwt.ts';

const now = 1_800_000_000;

describe('decodeJwtPayload', () => {
  it('reads the claims without verifying the signature', () => {
    expect(decodeJwtPayload(makeJwt({ sub: 'c1', exp: now, name: 'Éloïse' }))).toEqual({
      sub: 'c1',
      exp: now,
      name: 'Éloïse',
    });
  });

  it.each([
    ['not a token', 'abc'],
    ['two parts', 'a.b'],
    ['empty payload', 'a..c'],
    ['payload not base64url', 'a.!!!.c'],
    ['payload not JSON', `a.${base64Url('nope')}.c`],
    ['payload an array', `a.${base64Url('[1]')}.c`],
    ['payload null', `a.${base64Url('null')}.c`],
  ])('gives null for %s', (_, token) => {
    expect(decodeJwtPayload(token)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('is expired when exp is now or past, valid when exp is in the future', () => {
    expect(isTokenExpired(makeJwt({ exp: now - 1 }), now)).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: now }), now)).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: now + 1 }), now)).toBe(false);
  });

  it('counts a missing token, a missing exp and a non-numeric exp as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired(undefined, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
    expect(isTokenExpired(makeJwt({ sub: 'c1' }), now)).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: String(now + 60) }), now)).toBe(true);
  });

  it('never throws on arbitrary strings, and judges them expired', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer(), (token, nowSeconds) => {
        expect(isTokenExpired(token, nowSeconds)).toBe(true);
      }),
    );
  });

  it('never throws on three arbitrary dot-separated parts, and judges them expired', () => {
    const segment = fc.string({ unit: fc.constantFrom(...'ABCdef0129-_=+/!é.'.split('')) });
    fc.assert(
      fc.property(segment, segment, segment, fc.integer(), (a, b, c, nowSeconds) => {
        expect(isTokenExpired(`${a}.${b}.${c}`, nowSeconds)).toBe(true);
      }),
    );
  });

  it('judges well-formed tokens by their exp claim alone', () => {
    const exp = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const otherClaims = fc.dictionary(
      fc.string().filter((key) => key !== 'exp' && key !== '__proto__'),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(exp, otherClaims, fc.integer(), (expClaim, claims, nowSeconds) => {
        const token = makeJwt({ ...claims, exp: expClaim });
        // What survives JSON (NaN and Infinity become null, undefined disappears).
        const sent: unknown = (JSON.parse(JSON.stringify({ exp: expClaim })) as { exp?: unknown })
          .exp;
        const expected = !(typeof sent === 'number' && sent > nowSeconds);
        expect(isTokenExpired(token, nowSeconds)).toBe(expected);
      }),
    );
  });
});
