import type { Database } from '../db/database.ts';

/** The keys signing licence tokens (table `licence_signing_keys`): their row and their SQL. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

export interface SigningKeyRow {
  kid: string;
  public_jwk: PublicJwk;
  /** PKCS#8 PEM, for a generated key while it signs; null for a configured or retired one. */
  private_key: string | null;
  origin: 'generated' | 'configured';
  created_at: Date;
  retired_at: Date | null;
}

/**
 * The advisory-lock key under which a process reads and changes the keyring (one fixed bigint,
 * as the migrations' own), so replicas starting together agree on one key.
 */
const KEYRING_LOCK_KEY = '5250147092306113979';

/** Runs `fn` in one transaction holding the keyring's lock. */
export function withKeyringLock<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [KEYRING_LOCK_KEY]);
    return fn(tx);
  });
}

const columns = 'kid, public_jwk, private_key, origin, created_at, retired_at';

/** The key signing now, if any. */
export async function currentSigningKey(tx: Database): Promise<SigningKeyRow | undefined> {
  const [row] = await tx.query<SigningKeyRow>(
    `SELECT ${columns} FROM licence_signing_keys WHERE retired_at IS NULL`,
  );
  return row;
}

/** The current key and the keys retired after `since`, newest first. */
export async function publishedSigningKeys(tx: Database, since: Date): Promise<SigningKeyRow[]> {
  return tx.query<SigningKeyRow>(
    `SELECT ${columns} FROM licence_signing_keys
     WHERE retired_at IS NULL OR retired_at > $1 ORDER BY created_at DESC, kid`,
    [since],
  );
}

/** Retires the current key, forgetting its private part: it never signs again. */
export async function retireCurrentSigningKey(tx: Database, at: Date): Promise<void> {
  await tx.query(
    `UPDATE licence_signing_keys SET retired_at = $1, private_key = NULL WHERE retired_at IS NULL`,
    [at],
  );
}

/** Makes `row` the current key (a configured key used before comes back as it was). */
export async function makeCurrentSigningKey(
  tx: Database,
  row: Omit<SigningKeyRow, 'retired_at'>,
): Promise<void> {
  await tx.query(
    `INSERT INTO licence_signing_keys (kid, public_jwk, private_key, origin, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kid) DO UPDATE SET retired_at = NULL`,
    [row.kid, JSON.stringify(row.public_jwk), row.private_key, row.origin, row.created_at],
  );
}
