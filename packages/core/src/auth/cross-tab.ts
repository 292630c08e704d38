import type { ActorRef, AnyEventObject, Snapshot } from 'xstate';
import type { TokenStore } from '../session/tokenStore.ts';
import type { AuthEvent } from './auth.types.ts';

/**
 * The cross-tab rule (see docs/statecharts.md, "auth"): whenever the stored tokens change, in
 * this tab or in another one (the web layer reports the browser's `storage` event to the store),
 * the auth actor hears `session.tokensChanged` and, if both tokens are gone while it holds a
 * session, ends it here too. Told a microtask later, so this tab's own logout or expiry (which
 * clear the tokens, then leave the authenticated state in the same task, with their own notice)
 * is never mistaken for another tab's. Returns the unsubscribe function.
 */
export function followTokensAcrossTabs(
  tokenStore: Pick<TokenStore, 'subscribe'>,
  auth: ActorRef<Snapshot<unknown>, AuthEvent, AnyEventObject>,
): () => void {
  return tokenStore.subscribe(() => {
    queueMicrotask(() => auth.send({ type: 'session.tokensChanged' }));
  });
}
