import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { CHECK_AGAIN_IN } from '@portal/core/domain';
import { calculateJwkThumbprint } from 'jose';
import type { Database } from '../db/database.ts';
import {
  currentSigningKey,
  makeCurrentSigningKey,
  publishedSigningKeys,
  retireCurrentSigningKey,
  withKeyringLock,
  type PublicJwk,
  type SigningKeyRow,
} from './signing-keys.repo.ts';

/**
 * The keys signing licence tokens (docs/operations.md, 'Licence signing key'). The database is
 * the keyring: the configured key (LICENCE_SIGNING_KEY) is recorded by its public part, or a key
 * is generated once and kept with its private part, so every replica and every restart signs
 * with the same key. A retired key stays published while a token it signed may be current.
 */

/**
 * How long a retired key stays in the JWKS: a token's longest life (12 h) plus the hour a
 * replica may go on signing with it before it reads the keyring again.
 */
export const RETIRED_KEY_PUBLISHED_SECONDS = CHECK_AGAIN_IN.positive + 3600;

/** How often a serving process reads the keyring again (a rotation made by another process). */
export const KEYRING_REFRESH_SECONDS = 60;

/** A key of the JWKS document. */
export interface PublishedKey extends PublicJwk {
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface LicenceKeyring {
  /** The key signing now. */
  readonly kid: string;
  /** `claims` as a compact JWS (EdDSA), signed with the current key. */
  sign(claims: object): string;
  /** The JWKS document, as the text the route answers. */
  readonly jwksText: string;
  /** Reads the keyring again: a rotation of the generated key, the keys to publish. */
  refresh(): Promise<void>;
}

async function publicJwkOf(key: KeyObject): Promise<{ kid: string; jwk: PublicJwk }> {
  const { x } = createPublicKey(key).export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('not an Ed25519 key');
  const jwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x };
  return { kid: await calculateJwkThumbprint(jwk, 'sha256'), jwk };
}

interface Signer {
  kid: string;
  key: KeyObject;
  /** The protected header, base64url: the same for every token of this key. */
  header: string;
}

function signerOf(kid: string, key: KeyObject): Signer {
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid })).toString(
    'base64url',
  );
  return { kid, key, header };
}

async function newGeneratedKey(now: Date): Promise<Omit<SigningKeyRow, 'retired_at'>> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const { kid, jwk } = await publicJwkOf(privateKey);
  return {
    kid,
    public_jwk: jwk,
    private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    origin: 'generated',
    created_at: now,
  };
}

function publishedSince(now: Date): Date {
  return new Date(now.getTime() - RETIRED_KEY_PUBLISHED_SECONDS * 1000);
}

function jwksTextOf(rows: readonly SigningKeyRow[], signer: Signer, signerJwk: PublicJwk): string {
  const keys = new Map<string, PublishedKey>([
    // Its own key first, listed even where the table does not hold it (yet, or any more).
    [signer.kid, { ...signerJwk, kid: signer.kid, alg: 'EdDSA', use: 'sig' }],
  ]);
  for (const row of rows) {
    if (!keys.has(row.kid)) {
      keys.set(row.kid, { ...row.public_jwk, kid: row.kid, alg: 'EdDSA', use: 'sig' });
    }
  }
  return JSON.stringify({ keys: [...keys.values()] });
}

/**
 * At start-up, under the keyring's lock: the configured key becomes the current one (retiring
 * the one before), or the stored generated key is used, or one is generated (also when the key
 * signing before was a configured one no longer configured).
 */
export async function loadLicenceKeyring(options: {
  db: Database;
  configured: string | undefined;
  now: () => Date;
}): Promise<LicenceKeyring> {
  const { db, now } = options;
  const configuredKey =
    options.configured === undefined ? undefined : createPrivateKey(options.configured);
  const configured =
    configuredKey === undefined
      ? undefined
      : { key: configuredKey, ...(await publicJwkOf(configuredKey)) };
  const generated = configured === undefined ? await newGeneratedKey(now()) : undefined;

  const initial = await withKeyringLock(db, async (tx) => {
    const at = now();
    const current = await currentSigningKey(tx);
    const published = () => publishedSigningKeys(tx, publishedSince(at));
    if (configured !== undefined) {
      if (current?.kid !== configured.kid) {
        await retireCurrentSigningKey(tx, at);
        await makeCurrentSigningKey(tx, {
          kid: configured.kid,
          public_jwk: configured.jwk,
          private_key: null,
          origin: 'configured',
          created_at: at,
        });
      }
      const rows = await published();
      return { signer: signerOf(configured.kid, configured.key), jwk: configured.jwk, rows };
    }
    let row = current;
    if (row?.private_key == null && generated !== undefined) {
      await retireCurrentSigningKey(tx, at);
      await makeCurrentSigningKey(tx, { ...generated, created_at: at });
      row = { ...generated, created_at: at, retired_at: null };
    }
    if (row?.private_key == null) throw new Error('no licence signing key');
    const rows = await published();
    return {
      signer: signerOf(row.kid, createPrivateKey(row.private_key)),
      jwk: row.public_jwk,
      rows,
    };
  });
  let { signer, jwk: signerJwk } = initial;
  let jwksText = jwksTextOf(initial.rows, signer, signerJwk);

  return {
    get kid() {
      return signer.kid;
    },
    sign(claims) {
      const input = `${signer.header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${input}.${sign(null, Buffer.from(input), signer.key).toString('base64url')}`;
    },
    get jwksText() {
      return jwksText;
    },
    async refresh() {
      // Reads only: the start-up alone settles the keyring, so two replicas configured
      // differently (a rolling change of LICENCE_SIGNING_KEY) never take turns rewriting it.
      const at = now();
      const rows = await publishedSigningKeys(db, publishedSince(at));
      const current = rows.find((row) => row.retired_at === null);
      if (configured === undefined && current?.private_key != null && current.kid !== signer.kid) {
        signer = signerOf(current.kid, createPrivateKey(current.private_key));
        signerJwk = current.public_jwk;
      }
      jwksText = jwksTextOf(rows, signer, signerJwk);
    },
  };
}

/**
 * A new generated key signs from now on (`--rotate-licence-key`); the one before is retired and
 * stays published for RETIRED_KEY_PUBLISHED_SECONDS. Serving replicas take the new key within
 * KEYRING_REFRESH_SECONDS. Refused while a key is configured: change LICENCE_SIGNING_KEY instead.
 */
export async function rotateLicenceKey(options: {
  db: Database;
  configured: string | undefined;
  now: () => Date;
}): Promise<{ kid: string; retired: string | undefined }> {
  if (options.configured !== undefined) {
    throw new Error('LICENCE_SIGNING_KEY is set: to rotate, configure the new key instead');
  }
  const fresh = await newGeneratedKey(options.now());
  return withKeyringLock(options.db, async (tx) => {
    const at = options.now();
    const previous = await currentSigningKey(tx);
    await retireCurrentSigningKey(tx, at);
    await makeCurrentSigningKey(tx, { ...fresh, created_at: at });
    return { kid: fresh.kid, retired: previous?.kid };
  });
}
