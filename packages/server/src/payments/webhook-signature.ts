import Stripe from 'stripe';
import { WebhookSignatureError, type WebhookEvent } from './provider.ts';

/**
 * Both providers sign events the Stripe way (`Stripe-Signature: t=...,v1=HMAC-SHA256`), so one
 * verification serves both: the SDK checks the HMAC over the exact raw bytes and refuses a
 * timestamp older than its 5-minute tolerance. Without a configured secret nothing verifies.
 */
export function verifyWebhook(
  rawBody: Buffer,
  signatureHeader: string,
  secret: string | undefined,
): WebhookEvent {
  if (secret === undefined) throw new WebhookSignatureError('No webhook secret is configured');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  const object = (event.data as { object?: unknown }).object;
  return {
    id: event.id,
    type: event.type,
    object: typeof object === 'object' && object !== null ? object : {},
  };
}
