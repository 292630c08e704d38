import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { fulfilCheckoutSession, fulfilmentOf } from '../../payments/fulfilment.ts';
import { WebhookSignatureError, type WebhookEvent } from '../../payments/provider.ts';
import { recordWebhookEvent, webhookEventHandled } from '../../payments/webhook-events.repo.ts';
import {
  handleSubscriptionEvent,
  subscriptionEventTypes,
} from '../../subscriptions/provider-events.ts';
import { texts } from '../../texts.ts';

/** The exact bytes received: the signature covers them, not a re-serialised object. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

const checkoutPaidEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

async function handle(app: FastifyInstance, event: WebhookEvent) {
  const objectId = typeof event.object.id === 'string' ? event.object.id : undefined;
  if (objectId === undefined) return;
  // The event names what changed; the provider is asked for the current state, so a replayed
  // or reordered event can never move anything backwards.
  if (checkoutPaidEvents.has(event.type)) {
    await fulfilCheckoutSession(fulfilmentOf(app), objectId);
  } else if (subscriptionEventTypes.has(event.type)) {
    await handleSubscriptionEvent(app, event.type, objectId);
  }
}

/**
 * A verified provider event, once: the webhook's and the sandbox's (whose test clock delivers
 * its events in-process, through this same path).
 */
export async function processProviderEvent(
  app: FastifyInstance,
  event: WebhookEvent,
): Promise<void> {
  if (await webhookEventHandled(app.db, event.id)) return;
  await handle(app, event);
  // Recorded after handling: a failure above leaves the event unrecorded, so the provider's
  // retry runs it again (handling is idempotent).
  await recordWebhookEvent(app.db, event);
}

/** A plugin of its own: its JSON parser (below) must not replace the app's. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  // This plugin's own JSON parser keeps the raw bytes (Fastify's would discard them).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch (error) {
        // Not JSON: a client error (400 'invalid JSON'), before any signature is looked at.
        done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      }
    },
  );

  app.post<RouteOf<'/api/stripe/webhook', 'post'>>('/api/stripe/webhook', async (request) => {
    const raw = rawBodies.get(request) ?? Buffer.alloc(0);
    let event: WebhookEvent;
    try {
      const signature = request.headers['stripe-signature'];
      event = app.payments.parseWebhook(raw, typeof signature === 'string' ? signature : '');
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'webhook refused');
        throw new HttpError(400, texts.payments.webhookRefused);
      }
      throw error;
    }
    await processProviderEvent(app, event);
    return { received: true };
  });
}
