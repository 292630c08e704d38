import type { AccountKind } from '../accounts/account-kind.ts';
import type { Database } from '../db/database.ts';

/** Password-reset tokens (table `password_resets`), stored as their SHA-256. */
export async function insertPasswordReset(
  db: Database,
  reset: {
    token_hash: string;
    account_kind: AccountKind;
    account_id: string;
    expires_at: Date;
    created_at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO password_resets (token_hash, account_kind, account_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [reset.token_hash, reset.account_kind, reset.account_id, reset.expires_at, reset.created_at],
  );
}

/**
 * Single use: the UPDATE claims a current token, so two concurrent resets cannot both pass.
 * Answers the account it resets, or undefined.
 */
export async function claimPasswordReset(
  tx: Database,
  tokenHash: string,
  at: Date,
): Promise<{ kind: AccountKind; id: string } | undefined> {
  const [row] = await tx.query<{ account_kind: AccountKind; account_id: string }>(
    `UPDATE password_resets SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING account_kind, account_id`,
    [tokenHash, at],
  );
  return row === undefined ? undefined : { kind: row.account_kind, id: row.account_id };
}

export async function deletePasswordResetsOf(
  tx: Database,
  account: { kind: AccountKind; id: string },
): Promise<void> {
  await tx.query('DELETE FROM password_resets WHERE account_kind = $1 AND account_id = $2', [
    account.kind,
    account.id,
  ]);
}
