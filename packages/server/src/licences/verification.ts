import {
  effectiveStatus,
  LAST_SEEN_INTERVAL_SECONDS,
  licenceTokenClaims,
  licenceVerdict,
  type LicenceTokenClaims,
  type LicenceVerification,
  type VerifiableLicence,
} from '@portal/core/domain';
import type { FastifyBaseLogger } from 'fastify';
import { BoundedMap, type ReadCache } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';
import { recordLicenceSighting } from './licences.repo.ts';
import type { LicenceKeyring } from './signing-keys.ts';
import { licencesOfShop, type ShopLicenceRow } from './verification.repo.ts';

/**
 * The licence verification (docs/product.md, 'Licence verification'): core's verdict over a
 * shop's licences read through the read cache, signed with the keyring, and the throttled
 * 'last seen'. A kept shop is answered with no query and no promise.
 */

/** A request the contract accepted, `shop` and `host` normalised. */
export interface VerificationRequest {
  shop: string;
  host: string;
  theme_version?: string | undefined;
  theme_role: 'main' | 'unpublished' | 'development';
}

export interface LicenceVerifier {
  /** The answer when the shop's licences are kept, without waiting; else undefined. */
  known(request: VerificationRequest): LicenceVerification | undefined;
  verify(request: VerificationRequest): Promise<LicenceVerification>;
}

export interface VerifierOptions {
  db: Database;
  readCache: ReadCache;
  keys: LicenceKeyring;
  now: () => Date;
  /** The portal's public origin: the tokens' issuer. */
  issuer: string;
  /** The theme's latest version (releases/releases.ts), kept, and loaded when not. */
  latestVersion: { known(): string | undefined; load(): Promise<string> };
  log: FastifyBaseLogger;
}

/** Shops kept (about 300 bytes each with one licence), and tokens kept for reuse. */
const SHOPS_KEPT = 20_000;

/**
 * A token signed for the same claims less than this long ago is answered again rather than
 * signed anew: an Ed25519 signature costs more than the rest of a kept shop's answer
 * (docs/decisions.md, 'Licence verification'). Its `exp` is still its own `iat +
 * check_again_in`, at most this much earlier than a fresh one's.
 */
export const TOKEN_REUSE_SECONDS = 60;

/** A stored row as the verdict reads it, its subscription judged by the clock now. */
function verifiable(row: ShopLicenceRow, now: Date): VerifiableLicence {
  const subscription =
    row.subscription_status === null
      ? undefined
      : effectiveStatus(
          {
            status: row.subscription_status,
            trial_end: row.trial_end,
            cancel_at_period_end: row.cancel_at_period_end === true,
            current_period_end: row.current_period_end,
          },
          now,
        );
  return {
    id: row.id,
    custom_domain: row.custom_domain,
    shop_domain: row.shop_domain,
    status: row.status,
    suspended: row.suspended_at !== null,
    subscription,
    plan: row.plan_name,
  };
}

export function createLicenceVerifier(options: VerifierOptions): LicenceVerifier {
  const { db, readCache, keys, now, issuer, log, latestVersion } = options;
  // The rows only: the clock is applied at each answer, so a trial's end or a cancellation's
  // period end shows at once with nothing to forget.
  const shops = readCache.keyed<ShopLicenceRow[]>({
    capacity: SHOPS_KEPT,
    customersOf: (rows) => rows.map((row) => row.customer_id),
  });
  // When this process last wrote 'last seen' for a licence (ms): the hot path stays a read.
  const lastWritten = new BoundedMap<string, number>(SHOPS_KEPT);
  // The claims but the times (and the key) -> the last token signed for them.
  const signedTokens = new BoundedMap<string, { token: string; iat: number }>(SHOPS_KEPT);

  function tokenFor(claims: LicenceTokenClaims): string {
    const { iat, exp: _exp, ...lasting } = claims;
    const key = `${keys.kid} ${JSON.stringify(lasting)}`;
    const kept = signedTokens.get(key);
    // Never one issued later than now (a clock set back).
    if (kept !== undefined && kept.iat <= iat && iat - kept.iat < TOKEN_REUSE_SECONDS) {
      return kept.token;
    }
    const token = keys.sign(claims);
    signedTokens.set(key, { token, iat });
    return token;
  }

  function sighting(request: VerificationRequest, licenceId: string, at: Date): void {
    const written = lastWritten.get(licenceId);
    if (written !== undefined && at.getTime() - written < LAST_SEEN_INTERVAL_SECONDS * 1000) return;
    lastWritten.set(licenceId, at.getTime());
    const seen = { id: licenceId, at, host: request.host, version: request.theme_version ?? null };
    // Never awaited by the answer; the write is conditional, so replicas do not all write.
    readCache
      .write(db, (tx, changed) =>
        recordLicenceSighting(tx, changed, seen, LAST_SEEN_INTERVAL_SECONDS),
      )
      .catch((error: unknown) => {
        lastWritten.delete(licenceId);
        log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'last seen not recorded',
        );
      });
  }

  function answer(
    request: VerificationRequest,
    rows: readonly ShopLicenceRow[],
    latest: string,
  ): LicenceVerification {
    const at = now();
    const verdict = licenceVerdict(
      rows.map((row) => verifiable(row, at)),
      request.host,
    );
    const claims = licenceTokenClaims({
      verdict,
      issuer,
      shop: request.shop,
      latestVersion: latest,
      issuedAt: Math.floor(at.getTime() / 1000),
    });
    if (verdict.status !== 'inactive' && request.theme_role === 'main' && verdict.licence) {
      sighting(request, verdict.licence.id, at);
    }
    return {
      status: verdict.status,
      token: tokenFor(claims),
      ...(verdict.message === undefined ? {} : { message: verdict.message }),
      latest_version: latest,
      check_again_in: verdict.check_again_in,
    };
  }

  return {
    known(request) {
      const rows = shops.known(request.shop);
      const latest = latestVersion.known();
      return rows === undefined || latest === undefined ? undefined : answer(request, rows, latest);
    },
    async verify(request) {
      const [rows, latest] = await Promise.all([
        shops.get(request.shop, () => licencesOfShop(db, request.shop)),
        latestVersion.load(),
      ]);
      return answer(request, rows, latest);
    },
  };
}
