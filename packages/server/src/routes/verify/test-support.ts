import type { LicenceTokenClaims, LicenceVerification } from '@portal/core/domain';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { expect } from 'vitest';
import { call, type Answer, type CallOptions, type TestServer } from '../../test/harness.ts';
import { ORIGIN } from '../payments/test-support.ts';

/** A licence the customer creates through the licence form's call; answers its id. */
export async function addLicence(
  server: Pick<TestServer, 'app'>,
  token: string,
  custom_domain: string,
  shop_domain: string,
): Promise<string> {
  const answer = await call<{ license: { _id: string } }>(server, 'POST', '/api/client/licenses', {
    token,
    body: { custom_domain, shop_domain },
  });
  expect(answer.status).toBe(201);
  return answer.body.license._id;
}

export interface VerifyBody {
  shop: string;
  host: string;
  theme_version?: string;
  theme_role?: string;
  design_mode?: boolean;
}

/** `POST /api/licences/verify` as a storefront sends it (a main theme unless told). */
export function verify(
  server: Pick<TestServer, 'app'>,
  body: VerifyBody,
  options: CallOptions = {},
): Promise<Answer<LicenceVerification>> {
  return call<LicenceVerification>(server, 'POST', '/api/licences/verify', {
    body: { theme_role: 'main', ...body },
    ...options,
  });
}

/** The published keys, as a theme fetches them. */
export async function keySetOf(server: Pick<TestServer, 'app'>): Promise<JSONWebKeySet> {
  const answer = await call<JSONWebKeySet>(server, 'GET', '/.well-known/jwks.json');
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * The token verified as the theme's offline check does it (jose over the published key set): the
 * claims and the protected header; throws when it does not verify.
 */
export async function verifiedToken(
  server: Pick<TestServer, 'app' | 'clock'>,
  token: string,
  shop: string,
  keys?: JSONWebKeySet,
) {
  const { payload, protectedHeader } = await jwtVerify(
    token,
    createLocalJWKSet(keys ?? (await keySetOf(server))),
    {
      issuer: ORIGIN,
      audience: shop,
      algorithms: ['EdDSA'],
      requiredClaims: ['exp', 'iat'],
      currentDate: server.clock.now(),
    },
  );
  return { claims: payload as unknown as LicenceTokenClaims, header: protectedHeader };
}

/** A 200 verdict and its verified claims. */
export async function checked(server: Pick<TestServer, 'app' | 'clock'>, body: VerifyBody) {
  const answer = await verify(server, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { claims, header } = await verifiedToken(
    server,
    answer.body.token,
    body.shop.trim().toLowerCase(),
  );
  return { answer: answer.body, claims, header };
}
