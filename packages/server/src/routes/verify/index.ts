import { messages, normalizeHost, normalizeShopDomain } from '@portal/core/domain';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { badRequest, tooManyRequests } from '../../http/errors.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  KEYRING_REFRESH_SECONDS,
  loadLicenceKeyring,
  type LicenceKeyring,
} from '../../licences/signing-keys.ts';
import { createLicenceVerifier } from '../../licences/verification.ts';
import { createTokenBuckets } from '../../limits/token-bucket.ts';
import { createPeriodicJob } from '../../periodic.ts';
import { latestVersionOf } from '../../releases/releases.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The keys signing licence tokens (tests read the keyring again after a rotation). */
    licenceKeys: LicenceKeyring;
  }
}

/** A legitimate check is about 150 bytes. */
const VERIFY_BODY_LIMIT = 4 * 1024;
/** Client addresses and shops whose buckets are kept (see limits/token-bucket.ts). */
const BUCKETS_KEPT = 10_000;
/** Browsers keep the preflight this long (Chromium caps it at 2 hours, Firefox at 24). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
/** The key set changes at a rotation only; a verifier meeting an unknown `kid` asks again. */
const JWKS_MAX_AGE_SECONDS = 300;

/**
 * What any storefront may read: no credentials, `Retry-After` readable, and loadable across
 * origins whatever the page's own isolation (CORP applies to no-cors loads, CORS to fetches;
 * docs/security.md). The portal's other answers keep their same-origin policy.
 */
const crossOriginHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After',
  'cross-origin-resource-policy': 'cross-origin',
};
const crossOrigin: onSendHookHandler = (_request, reply, payload, done) => {
  reply.headers(crossOriginHeaders);
  done(null, payload);
};

/**
 * The licence verification's public routes (docs/api.md, 'Licence verification'): the check,
 * its CORS preflight and the public keys.
 */
export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  const keys = await loadLicenceKeyring({
    db: app.db,
    configured: app.config.licenceSigningKey,
    now: app.now,
  });
  app.decorate('licenceKeys', keys);
  // A rotation made by another process reaches this one at its next read (only once serving).
  const keyring = createPeriodicJob({
    periodSeconds: KEYRING_REFRESH_SECONDS,
    run: () => keys.refresh(),
    log: app.log,
    failure: 'licence signing keys not read again',
  });
  app.addHook('onListen', async () => keyring.start());
  app.addHook('onClose', async () => keyring.stop());

  const verifier = createLicenceVerifier({
    db: app.db,
    readCache: app.readCache,
    keys,
    now: app.now,
    issuer: app.config.publicOrigin,
    log: app.log.child({ module: 'licence-verification' }),
    latestVersion: {
      known: () => app.readCache.knownLatestThemeVersion(),
      load: () => latestVersionOf(app),
    },
  });
  const perAddress = createTokenBuckets({
    perMinute: app.config.verifyLimit.perAddress,
    capacity: BUCKETS_KEPT,
  });
  const perShop = createTokenBuckets({
    perMinute: app.config.verifyLimit.perShop,
    capacity: BUCKETS_KEPT,
  });

  app.post<RouteOf<'/api/licences/verify', 'post'>>(
    '/api/licences/verify',
    { bodyLimit: VERIFY_BODY_LIMIT, onSend: crossOrigin },
    (request, reply) => {
      const { body } = request;
      const host = normalizeHost(body.host);
      if (host === undefined) {
        throw badRequest({ host: messages.licenceVerification.hostInvalid });
      }
      // The contract's pattern took only `<label>.myshopify.com`: this trims and lowers it.
      const shop = normalizeShopDomain(body.shop);
      const nowMs = app.now().getTime();
      const wait = perAddress.take(request.ip, nowMs) || perShop.take(shop, nowMs);
      if (wait > 0) throw tooManyRequests(wait);
      const checked = {
        shop,
        host,
        theme_version: body.theme_version,
        theme_role: body.theme_role,
      };
      const known = verifier.known(checked);
      if (known !== undefined) {
        void reply.send(known);
        return;
      }
      return verifier.verify(checked).then((answer) => {
        void reply.send(answer);
      });
    },
  );

  app.options('/api/licences/verify', { onSend: crossOrigin }, (_request, reply) => {
    void reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'Content-Type',
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .send();
  });

  app.get<RouteOf<'/.well-known/jwks.json', 'get'>>(
    '/.well-known/jwks.json',
    { onSend: crossOrigin },
    (_request, reply) => {
      reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      sendJsonText(reply, keys.jwksText);
    },
  );
}
