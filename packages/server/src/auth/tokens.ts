import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { AccountKind } from '../accounts/account-kind.ts';
import { BoundedMap, createReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshTokens,
  type RevokedSessions,
} from './refresh-tokens.repo.ts';
import { storedSecret } from './server-secrets.repo.ts';

export type { AccountKind } from '../accounts/account-kind.ts';

export interface AccessClaims {
  /** The account id. */
  sub: string;
  kind: AccountKind;
  /** The refresh-token family (one login session). */
  sid: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** The HS256 secret: configured, or generated once and kept in the database for every replica. */
export async function loadJwtSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  return storedSecret(db, 'jwt_secret', randomBytes(48).toString('base64url'));
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

export type TokenConfig = Pick<
  ServerConfig,
  | 'jwtIssuer'
  | 'jwtAudience'
  | 'accessTokenSeconds'
  | 'refreshTokenSeconds'
  | 'refreshFamilySeconds'
  | 'adminSession'
>;

/** How long each kind of account's tokens and sessions last: an admin's are shorter. */
function lifetimesOf(config: TokenConfig, kind: AccountKind) {
  return kind === 'admin'
    ? config.adminSession
    : {
        accessTokenSeconds: config.accessTokenSeconds,
        refreshTokenSeconds: config.refreshTokenSeconds,
        refreshFamilySeconds: config.refreshFamilySeconds,
      };
}

export interface Tokens {
  /** Signs any short-lived token for `audience` (access tokens, the onboarding invite token...). */
  sign(
    payload: JWTPayload,
    options: { audience: string; ttlSeconds: number; subject?: string },
  ): Promise<string>;
  /** The payload when the token is genuine, current and for `audience`; otherwise undefined. */
  verify(token: string, audience: string): Promise<JWTPayload | undefined>;
  verifyAccess(token: string): Promise<AccessClaims | undefined>;
  /**
   * The claims of an access token already verified and not yet expired, without waiting;
   * undefined when it has to go through `verifyAccess`.
   */
  knownAccess(token: string): AccessClaims | undefined;
  /** Starts a login session: a new refresh-token family. */
  issueSession(db: Database, account: { kind: AccountKind; id: string }): Promise<TokenPair>;
  /**
   * Exchanges a refresh token once. A token seen again (already used or revoked) revokes its
   * whole family: someone holds a copy.
   */
  rotate(db: Database, refreshToken: string): Promise<TokenPair | undefined>;
  /** Ends sessions (logout, password reset) in a write of its own. */
  revoke(db: Database, sessions: RevokedSessions): Promise<void>;
}

/** `cache`: the app's read cache, told about every revocation (a bare token service has none). */
export function createTokens(
  secret: string,
  config: TokenConfig,
  now: () => Date,
  cache: ReadCache = createReadCache({ enabled: false }),
): Tokens {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  const sign: Tokens['sign'] = async (payload, { audience, ttlSeconds, subject }) => {
    const issuedAt = seconds();
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(config.jwtIssuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(newId());
    if (subject !== undefined) jwt.setSubject(subject);
    return jwt.sign(key);
  };

  const verify: Tokens['verify'] = async (token, audience) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: config.jwtIssuer,
        audience,
        algorithms: ['HS256'],
        // jose accepts a token without `exp` unless told: none of ours lacks one.
        requiredClaims: ['exp'],
        currentDate: now(),
      });
      return payload;
    } catch {
      return undefined;
    }
  };

  async function accessToken(kind: AccountKind, id: string, sid: string): Promise<string> {
    return sign(
      { kind, sid },
      {
        audience: config.jwtAudience,
        ttlSeconds: lifetimesOf(config, kind).accessTokenSeconds,
        subject: id,
      },
    );
  }

  async function insertRefresh(
    db: Database,
    row: { familyId: string; kind: AccountKind; id: string; familyExpiresAt: Date },
  ): Promise<string> {
    const token = randomToken();
    const lifetime = lifetimesOf(config, row.kind).refreshTokenSeconds;
    const expiresAt = new Date(
      Math.min(now().getTime() + lifetime * 1000, row.familyExpiresAt.getTime()),
    );
    await insertRefreshToken(db, {
      id: newId(),
      family_id: row.familyId,
      account_kind: row.kind,
      account_id: row.id,
      token_hash: sha256(token),
      expires_at: expiresAt,
      family_expires_at: row.familyExpiresAt,
      created_at: now(),
    });
    return token;
  }

  const revoke: Tokens['revoke'] = (db, sessions) =>
    cache.write(db, (tx, changed) => revokeRefreshTokens(tx, changed, sessions, now()));

  // Access tokens already verified, with their expiry: a token's signature, issuer and audience
  // hold for good, so a token seen again only needs its `exp` checked (as jose does: valid while
  // now < exp). Saves the HMAC on every request of a session (see docs/performance.md).
  // Kept under the token's signature (its last segment), the entry holding the whole token: only
  // that very token matches. Hashing the whole token (about 400 characters, a new string on
  // every request) cost about as much as the rest of the session check.
  const verifiedAccess = new BoundedMap<
    string,
    { token: string; claims: AccessClaims; exp: number }
  >(10_000);
  const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);
  const knownAccess: Tokens['knownAccess'] = (token) => {
    const key = signatureOf(token);
    const known = verifiedAccess.get(key);
    if (known === undefined || known.token !== token) return undefined;
    if (seconds() < known.exp) return known.claims;
    verifiedAccess.delete(key);
    return undefined;
  };

  return {
    sign,
    verify,
    knownAccess,
    async verifyAccess(token) {
      const known = knownAccess(token);
      if (known !== undefined) return known;
      const payload = await verify(token, config.jwtAudience);
      const { sub, kind, sid, exp, nbf } = payload ?? {};
      if (typeof sub !== 'string' || typeof sid !== 'string') return undefined;
      if (kind !== 'customer' && kind !== 'admin') return undefined;
      // Ours never carry `nbf`; one that does is simply verified each time.
      const claims: AccessClaims = { sub, kind, sid };
      if (typeof exp === 'number' && nbf === undefined) {
        verifiedAccess.set(signatureOf(token), { token, claims, exp });
      }
      return claims;
    },
    async issueSession(db, account) {
      const familyId = newId();
      const familySeconds = lifetimesOf(config, account.kind).refreshFamilySeconds;
      const familyExpiresAt = new Date(now().getTime() + familySeconds * 1000);
      const refreshToken = await insertRefresh(db, { familyId, ...account, familyExpiresAt });
      return { accessToken: await accessToken(account.kind, account.id, familyId), refreshToken };
    },
    async rotate(db, refreshToken) {
      const outcome = await db.transaction(async (tx) => {
        const row = await lockRefreshToken(tx, sha256(refreshToken));
        if (row === undefined) return { kind: 'unknown' as const };
        if (row.used_at !== null || row.revoked_at !== null) {
          return { kind: 'reused' as const, familyId: row.family_id };
        }
        const at = now().getTime();
        if (row.expires_at.getTime() <= at || row.family_expires_at.getTime() <= at) {
          return { kind: 'expired' as const };
        }
        await markRefreshTokenUsed(tx, row.id, now());
        const next = await insertRefresh(tx, {
          familyId: row.family_id,
          kind: row.account_kind,
          id: row.account_id,
          familyExpiresAt: row.family_expires_at,
        });
        return {
          kind: 'rotated' as const,
          tokens: {
            accessToken: await accessToken(row.account_kind, row.account_id, row.family_id),
            refreshToken: next,
          },
        };
      });
      // Outside the transaction above, so the revocation is kept although the answer is a 401.
      if (outcome.kind === 'reused') await revoke(db, { familyId: outcome.familyId });
      return outcome.kind === 'rotated' ? outcome.tokens : undefined;
    },
    revoke,
  };
}
