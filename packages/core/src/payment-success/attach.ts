import type { PortalClient } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';

/**
 * Where a customer lands once a paid checkout is their subscription: the dashboard's 'Mon
 * abonnement' tab (the web's `tabHref('subscription')`, which a web test holds equal to this).
 */
export const SUBSCRIPTION_TAB_PATH = '/dashboard?tab=subscription';

/**
 * The provider may confirm a payment a moment after sending the customer back: a 409 'pas encore
 * confirmé' is asked again this many times, this far apart, before the page says so (see
 * docs/decisions.md, 'Buying while signed in').
 */
export const ATTACH_RETRIES = 5;
export const ATTACH_RETRY_DELAY_MS = 2_000;

/** The server's 409 for a session the provider has not confirmed as paid yet (worth a retry). */
export function isPaymentNotYetConfirmed(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    error.serverMessage === messages.purchase.paymentNotConfirmed
  );
}

/**
 * The call's message (a 409's own words: already attached elsewhere, not confirmed yet), else the
 * attach fallback.
 */
export function attachErrorMessage(error: unknown): string {
  return messageFor(error, { fallback: { apiMessageOr: messages.purchase.attachError } });
}

/** `POST /api/client/subscription/attach {session_id}` with the signed-in customer's token. */
export async function attachPaidCheckout(
  client: PortalClient,
  sessionId: string,
  signal?: AbortSignal,
): Promise<void> {
  await client.api.POST('/api/client/subscription/attach', {
    body: { session_id: sessionId },
    ...(signal === undefined ? {} : { signal }),
  });
}
