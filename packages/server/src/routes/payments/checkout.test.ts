import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { call, createTestServer, useTestServer } from '../../test/harness.ts';
import { defaultCheckoutLimit as CHECKOUT_LIMIT } from '../../config.ts';
import {
  CANCEL_URL,
  createCheckout,
  ORIGIN,
  SUCCESS_URL_SENT,
  submitPayment,
} from './test-support.ts';
import { decodeHtml } from '../../test/subscription-kit.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

describe('sandbox checkout', () => {
  it('creates a session whose hosted page shows the plan, the amount in euros and the test cards', async () => {
    const session = await createCheckout(server, 'scale', 'yearly');
    expect(session.id).toMatch(/^cs_sandbox_[A-Za-z0-9_-]{24}$/);
    expect(session.url).toBe(`${ORIGIN}/sandbox/checkout/${session.id}`);

    const page = await server.app.inject({ method: 'GET', url: new URL(session.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = decodeHtml(page.body);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Scale');
    expect(html).toContain('Annuelle');
    expect(html).toContain('407,89\u00a0€');
    expect(html).toContain(`<label for="card">${texts.sandbox.cardLabel}</label>`);
    expect(html).toContain(`<label for="email">${texts.sandbox.emailLabel}</label>`);
    expect(html).toContain(`>${texts.sandbox.pay} 407,89\u00a0€</button>`);
    expect(html).toContain(`href="${CANCEL_URL}"`);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);

    const css = await server.app.inject({ method: 'GET', url: '/sandbox/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('pays with 4242: 303 to the success URL with the session id, then the session reads paid in cents', async () => {
    const session = await createCheckout(server, 'scale', 'yearly');
    const before = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${session.id}`,
    );
    expect(before.body.data).toMatchObject({ status: 'open', payment_status: 'unpaid' });

    const paid = await submitPayment(server, session.id, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ORIGIN}/onboarding?session_id=${session.id}`);

    const after = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${session.id}`,
    );
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual({
      id: session.id,
      amount_total: 40789,
      currency: 'eur',
      status: 'complete',
      payment_status: 'paid',
      plan_id: 'scale',
      billingCycle: 'yearly',
    });
  });

  it('amounts follow the plan and cycle (Basic monthly 1999, Business yearly 81589)', async () => {
    for (const [plan, cycle, cents] of [
      ['basic', 'monthly', 1999],
      ['business', 'yearly', 81589],
    ] as const) {
      const session = await createCheckout(server, plan, cycle);
      const answer = await call<{ data: { amount_total: number } }>(
        server,
        'GET',
        `/api/stripe/checkout-sessions/${session.id}`,
      );
      expect(answer.body.data.amount_total).toBe(cents);
    }
  });

  it('declines 4000 0000 0000 0002 with the French message and keeps the session unpaid', async () => {
    const session = await createCheckout(server);
    const declined = await submitPayment(server, session.id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    const html = decodeHtml(declined.body);
    expect(html).toContain(`role="alert" id="form-error">${texts.sandbox.declined}</p>`);
    expect(texts.sandbox.declined).toBe('Votre carte a été refusée.');
    expect(html).toContain('aria-invalid="true"');

    const answer = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${session.id}`,
    );
    expect(answer.body.data).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    // The session can still be paid after a decline, as on a real checkout.
    expect((await submitPayment(server, session.id, '4242424242424242')).statusCode).toBe(303);
  });

  it('refuses another card number and a malformed email without paying', async () => {
    const session = await createCheckout(server);
    const wrongCard = await submitPayment(server, session.id, '1234 5678 9012 3456');
    expect(wrongCard.statusCode).toBe(400);
    expect(decodeHtml(wrongCard.body)).toContain(texts.sandbox.invalidCard);
    const wrongEmail = await submitPayment(server, session.id, '4242424242424242', 'pas-un-email');
    expect(wrongEmail.statusCode).toBe(400);
    expect(decodeHtml(wrongEmail.body)).toContain(messages.validation.emailInvalid);
    const answer = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${session.id}`,
    );
    expect(answer.body.data).toMatchObject({ payment_status: 'unpaid' });
  });

  it('a second payment of the same session (double click) charges nothing more', async () => {
    const session = await createCheckout(server);
    const [first, second] = await Promise.all([
      submitPayment(server, session.id, '4242424242424242'),
      submitPayment(server, session.id, '4242424242424242'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([303, 409]);
    const [row] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sandbox_subscriptions',
    );
    expect(row?.n).toBe(1);
    const page = await server.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
    expect(page.statusCode).toBe(409);
    expect(decodeHtml(page.body)).toContain(texts.sandbox.sessionPaid);
  });

  it('the cancel link goes back to the cancel URL and leaves the session unpaid', async () => {
    const session = await createCheckout(server);
    const page = await server.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
    const href = /<a href="([^"]+)">Annuler et revenir au site<\/a>/.exec(
      decodeHtml(page.body),
    )?.[1];
    expect(href).toBe(CANCEL_URL);
    const answer = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${session.id}`,
    );
    expect(answer.body.data).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });

  it('an open session expires after 24 hours and can no longer be paid', async () => {
    const session = await createCheckout(server);
    await server.db.query(
      "UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1",
      [session.id],
    );
    const page = await server.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
    expect(page.statusCode).toBe(410);
    expect(decodeHtml(page.body)).toContain(texts.sandbox.sessionExpired);
    const paid = await submitPayment(server, session.id, '4242424242424242');
    expect(paid.statusCode).toBe(410);
    expect((await submitPayment(server, session.id, '4000000000000002')).statusCode).toBe(410);
    const answer = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${session.id}`,
    );
    expect(answer.body.data).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
  });

  it('an unknown session: 404 on the API and on the page', async () => {
    const answer = await call(server, 'GET', '/api/stripe/checkout-sessions/cs_sandbox_unknown');
    expect(answer.status).toBe(404);
    const page = await server.app.inject({
      method: 'GET',
      url: '/sandbox/checkout/cs_sandbox_unknown',
    });
    expect(page.statusCode).toBe(404);
  });

  it('an unknown plan is 404 and a missing return URL is 400 naming the field', async () => {
    const unknown = await call(server, 'POST', '/api/stripe/checkout-sessions', {
      body: {
        plan_id: 'gold',
        billingCycle: 'monthly',
        successUrl: SUCCESS_URL_SENT,
        cancelUrl: CANCEL_URL,
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: texts.payments.planNotFound });
    const missing = await call<{ errors: Record<string, string> }>(
      server,
      'POST',
      '/api/stripe/checkout-sessions',
      { body: { plan_id: 'basic', billingCycle: 'monthly', successUrl: SUCCESS_URL_SENT } },
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['cancelUrl']);
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example/onboarding',
    'https://evil.example/onboarding',
    'https://127.0.0.1:3000.evil.example/x',
    'http://user@127.0.0.1:3000/onboarding',
    'https://127.0.0.1:3000/onboarding',
    'ftp://127.0.0.1:3000/x',
  ])('refuses the return URL %s with 400 and creates no session', async (url) => {
    const answer = await call<{ errors?: Record<string, string> }>(
      server,
      'POST',
      '/api/stripe/checkout-sessions',
      {
        body: { plan_id: 'basic', billingCycle: 'monthly', successUrl: url, cancelUrl: CANCEL_URL },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty('successUrl');
    const [row] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM checkout_sessions',
    );
    expect(row?.n).toBe(0);
  });
});

describe('checkout session budget per address', () => {
  const body = {
    plan_id: 'basic',
    billingCycle: 'monthly',
    successUrl: SUCCESS_URL_SENT,
    cancelUrl: CANCEL_URL,
  };
  const create = (ip: string) =>
    call(server, 'POST', '/api/stripe/checkout-sessions', { body, remoteAddress: ip });

  it(`answers 429 with Retry-After past ${CHECKOUT_LIMIT.perAddress} sessions in the window`, async () => {
    for (let index = 0; index < CHECKOUT_LIMIT.perAddress; index += 1) {
      expect((await create('10.0.0.7')).status).toBe(200);
    }
    const refused = await create('10.0.0.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: messages.http[429] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await create('10.0.0.8')).status).toBe(200);
    server.clock.advance(CHECKOUT_LIMIT.windowSeconds + 1);
    expect((await create('10.0.0.7')).status).toBe(200);
    const [row] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM checkout_sessions',
    );
    expect(row?.n).toBe(CHECKOUT_LIMIT.perAddress + 2);
  });
});

describe('return URLs of an extra allowed origin', () => {
  it('accepts ALLOWED_REDIRECT_ORIGINS besides the public origin', async () => {
    const other = await createTestServer({
      config: { allowedRedirectOrigins: [ORIGIN, 'https://boutique.example'] },
    });
    try {
      const answer = await call(other, 'POST', '/api/stripe/checkout-sessions', {
        body: {
          plan_id: 'basic',
          billingCycle: 'monthly',
          successUrl: 'https://boutique.example/merci',
          cancelUrl: 'https://boutique.example/annule',
        },
      });
      expect(answer.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
