import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AccountKind } from '../accounts/account-kind.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { sessionIsOpen } from './refresh-tokens.repo.ts';

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

/**
 * The token of the usual `Bearer <token>` header without the pattern (a known token holds no
 * space, so where `knownAccess` recognises it `bearerOf` reads the same token); '' otherwise.
 */
function likelyBearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') === true ? header.slice(7) : '';
}

/** The account behind a current access token whose session is still open, else 401. */
async function authenticate(request: FastifyRequest): Promise<AuthenticatedAccount> {
  const token = bearerOf(request);
  if (token === undefined) throw unauthorized();
  const claims = await request.server.tokens.verifyAccess(token);
  if (claims === undefined) throw unauthorized();
  const account = { kind: claims.kind, id: claims.sub, sessionId: claims.sid };
  const { db, readCache } = request.server;
  const open = await readCache.sessionOpen(account, () => sessionIsOpen(db, account));
  if (!open) throw unauthorized();
  return account;
}

/**
 * The account behind the request when its token was verified before and its session is known
 * open: answered from memory, with no promise (most requests of a session; see
 * docs/performance.md).
 */
function knownAccount(request: FastifyRequest): AuthenticatedAccount | undefined {
  const claims = request.server.tokens.knownAccess(likelyBearer(request));
  if (claims === undefined) return undefined;
  const account = { kind: claims.kind, id: claims.sub, sessionId: claims.sid };
  return request.server.readCache.knownOpen(account) ? account : undefined;
}

/**
 * A hook that sets `request.account` to what `accept` makes of the logged-in account. Whatever
 * a guarded route answers carries account data: no cache may keep it, GET included (a route
 * may still say more, as the theme download's `private, no-store`).
 */
function guard(accept: (account: AuthenticatedAccount) => AuthenticatedAccount) {
  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
    account: AuthenticatedAccount,
  ) => {
    try {
      request.account = accept(account);
    } catch (error) {
      done(error as Error);
      return;
    }
    reply.header('cache-control', 'no-store');
    done();
  };
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const known = knownAccount(request);
    if (known !== undefined) {
      admit(request, reply, done, known);
      return;
    }
    authenticate(request).then((account) => admit(request, reply, done, account), done);
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
