import { accountTable, type AccountKind } from '../accounts/account-kind.ts';
import type { AnnounceChange } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';

/** Refresh tokens (table `refresh_tokens`): one row per issued token, a family per login session. */
export interface RefreshTokenRow {
  id: string;
  family_id: string;
  account_kind: AccountKind;
  account_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date;
  family_expires_at: Date;
}

export interface NewRefreshToken {
  id: string;
  family_id: string;
  account_kind: AccountKind;
  account_id: string;
  token_hash: string;
  expires_at: Date;
  family_expires_at: Date;
  created_at: Date;
}

export async function insertRefreshToken(db: Database, token: NewRefreshToken): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (id, family_id, account_kind, account_id, token_hash, expires_at,
       family_expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      token.id,
      token.family_id,
      token.account_kind,
      token.account_id,
      token.token_hash,
      token.expires_at,
      token.family_expires_at,
      token.created_at,
    ],
  );
}

/** The token's row, locked until the transaction ends (so it is exchanged once). */
export async function lockRefreshToken(
  tx: Database,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx.query<RefreshTokenRow>(
    `SELECT id, family_id, account_kind, account_id, used_at, revoked_at, expires_at,
       family_expires_at
     FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return row;
}

export async function markRefreshTokenUsed(tx: Database, id: string, at: Date): Promise<void> {
  await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE id = $1', [id, at]);
}

/** Which sessions a revocation ends. */
export type RevokedSessions =
  /** One login session (logout, a reused refresh token). */
  | { familyId: string }
  /** Every session of an account (password reset), or all but one (password change). */
  | { account: { kind: AccountKind; id: string }; exceptFamilyId?: string };

/** The one refresh-token revocation: ends the sessions and tells the read cache. */
export async function revokeRefreshTokens(
  tx: Database,
  changed: AnnounceChange,
  sessions: RevokedSessions,
  at: Date,
): Promise<void> {
  const family = 'familyId' in sessions ? sessions.familyId : null;
  const account = 'account' in sessions ? sessions.account : null;
  const except = 'account' in sessions ? (sessions.exceptFamilyId ?? null) : null;
  await tx.query(
    `UPDATE refresh_tokens SET revoked_at = $1
     WHERE revoked_at IS NULL AND (
       family_id = $2
       OR (account_kind = $3 AND account_id = $4 AND ($5::text IS NULL OR family_id <> $5)))`,
    [at, family, account?.kind ?? null, account?.id ?? null, except],
  );
  // A session going on (password change) is forgotten too: it is simply read again.
  await changed(
    'familyId' in sessions
      ? { type: 'session', sessionId: sessions.familyId }
      : { type: 'sessions', kind: sessions.account.kind, id: sessions.account.id },
  );
}

/** Removes every token of an account (it is being deleted). */
export async function deleteRefreshTokensOf(
  tx: Database,
  changed: AnnounceChange,
  account: { kind: AccountKind; id: string },
): Promise<void> {
  await tx.query('DELETE FROM refresh_tokens WHERE account_kind = $1 AND account_id = $2', [
    account.kind,
    account.id,
  ]);
  await changed({ type: 'sessions', kind: account.kind, id: account.id });
}

/** The account still exists and its session (refresh family) was not revoked. */
export async function sessionIsOpen(
  db: Database,
  session: { kind: AccountKind; id: string; sessionId: string },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM ${accountTable(session.kind)} WHERE id = $1 AND NOT EXISTS (
       SELECT 1 FROM refresh_tokens WHERE family_id = $2 AND revoked_at IS NOT NULL)`,
    [session.id, session.sessionId],
  );
  return rows.length > 0;
}
