import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AccountKind } from './tokens.ts';

export interface AuthenticatedAccount {
  kind: AccountKind;
  id: string;
  /** The refresh-token family this access token belongs to (revoked by logout). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireCustomer`, `requireAdmin` or `requireAccount`. */
    account: AuthenticatedAccount | null;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+([^\s]+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The account behind a current access token whose session is still open, else 401. */
async function authenticate(request: FastifyRequest): Promise<AuthenticatedAccount> {
  const token = bearerOf(request);
  if (token === undefined) throw unauthorized();
  const claims = await request.server.tokens.verifyAccess(token);
  if (claims === undefined) throw unauthorized();
  const account = { kind: claims.kind, id: claims.sub, sessionId: claims.sid };
  const { db, readCache } = request.server;
  const table = claims.kind === 'customer' ? 'customers' : 'admins';
  const open = await readCache.sessionOpen(account, async () => {
    const rows = await db.query(
      `SELECT 1 FROM ${table} WHERE id = $1 AND NOT EXISTS (
         SELECT 1 FROM refresh_tokens WHERE family_id = $2 AND revoked_at IS NOT NULL)`,
      [claims.sub, claims.sid],
    );
    return rows.length > 0;
  });
  if (!open) throw unauthorized();
  return account;
}

/**
 * The account behind the request when its token was verified before and its session is known
 * open: answered from memory, with no promise (issue 7: most requests of a session).
 */
function knownAccount(request: FastifyRequest): AuthenticatedAccount | undefined {
  const token = bearerOf(request);
  const claims = token === undefined ? undefined : request.server.tokens.knownAccess(token);
  if (claims === undefined) return undefined;
  const account = { kind: claims.kind, id: claims.sub, sessionId: claims.sid };
  return request.server.readCache.knownOpen(account) ? account : undefined;
}

/** A hook that sets `request.account` to what `accept` makes of the logged-in account. */
function guard(accept: (account: AuthenticatedAccount) => AuthenticatedAccount) {
  const admit = (
    request: FastifyRequest,
    done: HookHandlerDoneFunction,
    account: AuthenticatedAccount,
  ) => {
    try {
      request.account = accept(account);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const known = knownAccount(request);
    if (known !== undefined) {
      admit(request, done, known);
      return;
    }
    authenticate(request).then((account) => admit(request, done, account), done);
  };
}

/**
 * Hook: a logged-in customer. An admin token is no customer credential: 401, the one refusal
 * every customer operation of the contract lists.
 */
export const requireCustomer = guard((account) => {
  if (account.kind !== 'customer') throw unauthorized();
  return account;
});

/** Hook: a logged-in admin (a customer token gets 403). */
export const requireAdmin = guard((account) => {
  if (account.kind !== 'admin') throw forbidden();
  return account;
});

/** Hook: any logged-in account. */
export const requireAccount = guard((account) => account);

/** The account a guard has set; a route without a guard gets 401 rather than a crash. */
export function accountOf(request: FastifyRequest): AuthenticatedAccount {
  if (request.account === null) throw unauthorized();
  return request.account;
}
