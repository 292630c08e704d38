import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../payments/webhook-signature.ts';
import { WebhookSignatureError } from '../../payments/provider.ts';
import { useTestServer } from '../../test/harness.ts';
import {
  count,
  finalize,
  inviteFor,
  onboardedCustomer,
  paidSession,
  sendWebhook,
  signedEvent,
  WEBHOOK_SECRET,
} from './test-support.ts';
import { texts } from '../../texts.ts';

const server = useTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET } });

function completed(sessionId: string, eventId = 'evt_completed_1') {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session' } },
  };
}

async function snapshot() {
  return {
    events: await count(server, 'webhook_events'),
    customers: await count(server, 'customers'),
    subscriptions: await count(server, 'subscriptions'),
    sessions: await server.db.query('SELECT * FROM checkout_sessions ORDER BY id'),
  };
}

describe('provider webhook: signatures', () => {
  it('refuses a wrong signature, a stale timestamp and a re-serialised body with 400, changing nothing', async () => {
    const session = await paidSession(server);
    const before = await snapshot();

    const wrongSecret = signedEvent(completed(session.id), { secret: 'whsec_other' });
    const stale = signedEvent(completed(session.id), {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    const genuine = signedEvent(completed(session.id));
    const reserialised = {
      body: JSON.stringify(JSON.parse(genuine.body), null, 2),
      signature: genuine.signature,
    };
    const tampered = {
      body: genuine.body.replace('evt_completed_1', 'evt_completed_2'),
      signature: genuine.signature,
    };
    for (const event of [wrongSecret, stale, reserialised, tampered]) {
      const answer = await sendWebhook(server, event);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: texts.payments.webhookRefused });
    }
    const garbage = await sendWebhook(server, { body: genuine.body, signature: 'garbage' });
    expect(garbage.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('a body that is not JSON (even correctly signed) is a 400', async () => {
    for (const body of ['', '{"id": "evt_1", ', 'null', '[]']) {
      const signed = signedEvent({});
      const answer = await sendWebhook(server, { body, signature: signed.signature });
      expect(answer.status, body).toBe(400);
    }
    expect(await count(server, 'webhook_events')).toBe(0);
  });

  it('a request without the signature header is a 400', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed('cs_x')),
    });
    expect(answer.statusCode).toBe(400);
    expect(await count(server, 'webhook_events')).toBe(0);
  });

  it('without a configured secret nothing verifies', () => {
    const event = signedEvent(completed('cs_x'));
    expect(() => verifyWebhook(Buffer.from(event.body), event.signature, undefined)).toThrow(
      WebhookSignatureError,
    );
    expect(verifyWebhook(Buffer.from(event.body), event.signature, WEBHOOK_SECRET)).toMatchObject({
      id: 'evt_completed_1',
      type: 'checkout.session.completed',
      object: { id: 'cs_x' },
    });
  });
});

describe('provider webhook: fulfilment is idempotent', () => {
  it('a replayed event is handled once', async () => {
    const session = await paidSession(server);
    const event = signedEvent(completed(session.id));
    expect((await sendWebhook(server, event)).body).toEqual({ received: true });
    expect((await sendWebhook(server, event)).body).toEqual({ received: true });
    expect(await count(server, 'webhook_events')).toBe(1);
    // Paid but no account yet: nothing to subscribe.
    expect(await count(server, 'subscriptions')).toBe(0);
  });

  it('webhook after the account was created: still exactly one subscription', async () => {
    const { sessionId } = await onboardedCustomer(server);
    const answer = await sendWebhook(server, signedEvent(completed(sessionId, 'evt_late')));
    expect(answer.status).toBe(200);
    expect(await count(server, 'subscriptions')).toBe(1);
    expect(await count(server, 'customers')).toBe(1);
  });

  it('webhook and return page fulfilling the same session at once create exactly one subscription', async () => {
    const session = await paidSession(server);
    const invite = await inviteFor(server, session.id);
    const events = Array.from({ length: 3 }, (_, index) =>
      sendWebhook(server, signedEvent(completed(session.id, `evt_race_${index}`))),
    );
    const [created, ...received] = await Promise.all([finalize(server, invite), ...events]);
    expect(created.status).toBe(201);
    for (const answer of received) expect(answer.status).toBe(200);
    expect(await count(server, 'subscriptions')).toBe(1);
    expect(await count(server, 'customers')).toBe(1);
    const [row] = await server.db.query<{ checkout_session_id: string }>(
      'SELECT checkout_session_id FROM subscriptions',
    );
    expect(row?.checkout_session_id).toBe(session.id);
  });

  it('a subscription event mirrors the provider state into the account subscription', async () => {
    const { customer } = await onboardedCustomer(server, 'scale', 'yearly');
    const [sub] = await server.db.query<{ id: string }>(
      'SELECT id FROM sandbox_subscriptions WHERE customer_id = $1',
      [customer.stripe_customer_id],
    );
    // The provider side changes (as the provider's own dashboard would) ...
    await server.db.query(
      "UPDATE sandbox_subscriptions SET price_id = 'price_business_monthly' WHERE id = $1",
      [sub?.id],
    );
    // ... and a forged event claiming anything else changes nothing: only the provider is read.
    const answer = await sendWebhook(
      server,
      signedEvent({
        id: 'evt_sub_1',
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { id: sub?.id, object: 'subscription', plan: 'basic' } },
      }),
    );
    expect(answer.status).toBe(200);
    const [row] = await server.db.query<{ plan_id: string; billing_cycle: string }>(
      'SELECT plan_id, billing_cycle FROM subscriptions WHERE customer_id = $1',
      [customer._id],
    );
    expect(row).toEqual({ plan_id: 'business', billing_cycle: 'monthly' });
  });

  it('an event of another type is acknowledged and ignored', async () => {
    const answer = await sendWebhook(
      server,
      signedEvent({ id: 'evt_other', object: 'event', type: 'invoice.paid', data: { object: {} } }),
    );
    expect(answer.body).toEqual({ received: true });
    expect(await count(server, 'customers')).toBe(0);
  });
});
