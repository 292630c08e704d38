import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHOP_DOMAIN } from './storefront.fixtures.ts';

/**
 * A tiny stand-in for the portal's licence verification, for the licence script's own browser
 * test: `POST /api/licences/verify` answers what the test scripts, signed with Ed25519 keys of
 * its own (jose), and `GET /.well-known/jwks.json` lists them; both allow any origin (CORS), as a
 * storefront calls from its own. The real endpoint's journeys use the product's server instead.
 */

export type LicenceStatus = 'active' | 'trial' | 'grace' | 'inactive';

export interface VerifyCall {
  readonly body: Record<string, unknown>;
  readonly origin: string | undefined;
  readonly cookie: string | undefined;
}

/** What the next verify calls get: a signed answer, an HTTP failure, or no answer at all. */
export type Reply =
  | { readonly kind: 'token'; readonly token: string; readonly message?: string }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'hang' };

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly jwk: JWK;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return {
    kid,
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' },
  };
}

/** Seconds since the epoch, as JWT claims count them. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startLicenceSigner() {
  // `shipped` is stamped into the theme; `rotated` is only in the JWKS, as after a key rotation;
  // `stranger` signs with a key the portal never published.
  const keys = {
    shipped: await signingKey('portal-2026-01'),
    rotated: await signingKey('portal-2026-06'),
    stranger: await signingKey('portal-2026-01'),
  };
  const verifyCalls: VerifyCall[] = [];
  let jwksCalls = 0;
  let reply: Reply = { kind: 'status', status: 500 };
  const hanging: ServerResponse[] = [];

  const server = createServer(async (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cache-Control', 'no-store');
    const { pathname } = new URL(request.url ?? '/', 'http://portal');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
      });
      return response.end();
    }
    if (request.method === 'GET' && pathname === '/.well-known/jwks.json') {
      jwksCalls += 1;
      return json(response, 200, { keys: [keys.shipped.jwk, keys.rotated.jwk] });
    }
    if (request.method === 'POST' && pathname === '/api/licences/verify') {
      verifyCalls.push({
        body: JSON.parse(await readBody(request)) as Record<string, unknown>,
        origin: request.headers.origin,
        cookie: request.headers.cookie,
      });
      if (reply.kind === 'hang') return void hanging.push(response);
      if (reply.kind === 'status') return json(response, reply.status, { message: 'Indisponible' });
      const claims = JSON.parse(
        Buffer.from(reply.token.split('.')[1] ?? '', 'base64url').toString(),
      ) as { status: string; exp: number; iat: number };
      return json(response, 200, {
        status: claims.status,
        token: reply.token,
        ...(reply.message === undefined ? {} : { message: reply.message }),
        latest_version: '2.1.0',
        check_again_in: claims.exp - claims.iat,
      });
    }
    json(response, 404, { message: 'Introuvable' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A token as the portal signs it: this shop, its two domains, 12 h (1 h when inactive). */
  const token = (
    status: LicenceStatus,
    options: { claims?: JWTPayload; key?: keyof typeof keys; alg?: string } = {},
  ) => {
    const key = keys[options.key ?? 'shipped'];
    const iat = nowSeconds();
    return new SignJWT({
      iss: origin,
      aud: SHOP_DOMAIN,
      sub: 'licence-1',
      status,
      hosts: ['boutique-x.fr', SHOP_DOMAIN],
      plan: 'scale',
      latest_version: '2.1.0',
      iat,
      exp: iat + (status === 'inactive' ? 3600 : 12 * 3600),
      ...options.claims,
    })
      .setProtectedHeader({ alg: options.alg ?? 'EdDSA', kid: key.kid })
      .sign(key.privateKey);
  };

  return {
    origin,
    /** What the theme is built with: this portal and the shipped key only. */
    stamp: { portalOrigin: origin, jwks: { keys: [keys.shipped.jwk] } },
    verifyCalls,
    jwksCalls: () => jwksCalls,
    token,
    replyWith(next: Reply) {
      reply = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LicenceSigner = Awaited<ReturnType<typeof startLicenceSigner>>;
