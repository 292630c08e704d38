import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { defaultCheckoutLimit as CHECKOUT_LIMIT } from '../../config.ts';
import { decodeHtml } from '../../test/subscription-kit.ts';
import { call, useTestServer, type TestServer } from '../../test/harness.ts';
import { texts } from '../../texts.ts';
import { ORIGIN, submitPayment } from './test-support.ts';

const server = useTestServer();

/** 'Choisir ce plan' as the landing's form posts it before (or without) the app's script. */
function choosePlan(target: TestServer, fields: Record<string, string>, ip = '203.0.113.7') {
  return target.app.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function sessionIdIn(location: string | undefined): string {
  const id = /\/sandbox\/checkout\/(cs_sandbox_[A-Za-z0-9_-]+)$/.exec(location ?? '')?.[1];
  if (id === undefined) throw new Error(`no hosted checkout in ${location}`);
  return id;
}

describe("'Choisir ce plan' without script: the form the server answers (docs/product.md#pricing-and-checkout)", () => {
  it('answers 303 to the hosted checkout of the plan and cycle chosen, returning as the app would', async () => {
    const answer = await choosePlan(server, { plan_id: 'scale', billing: 'yearly' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.location).toMatch(new RegExp(`^${ORIGIN}/sandbox/checkout/`));
    const id = sessionIdIn(answer.headers.location as string);

    const session = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${id}`,
    );
    expect(session.body.data).toMatchObject({
      plan_id: 'scale',
      billingCycle: 'yearly',
      amount_total: 40789,
      status: 'open',
    });
    // The hosted page cancels back to the choice, and a payment goes on to the onboarding: money
    // is only taken on the way to an account.
    const page = decodeHtml(
      (await server.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` })).body,
    );
    expect(page).toContain(`href="${ORIGIN}/payment/cancel?plan=scale&billing=yearly"`);
    const paid = await submitPayment(server, id, '4242 4242 4242 4242');
    expect(paid.headers.location).toBe(`${ORIGIN}/onboarding?session_id=${id}`);
  });

  it('takes the monthly cycle when the billing switch is off (an unchecked box sends nothing)', async () => {
    const answer = await choosePlan(server, { plan_id: 'basic' });
    expect(answer.statusCode).toBe(303);
    const id = sessionIdIn(answer.headers.location as string);
    const session = await call<{ data: Record<string, unknown> }>(
      server,
      'GET',
      `/api/stripe/checkout-sessions/${id}`,
    );
    expect(session.body.data).toMatchObject({ plan_id: 'basic', billingCycle: 'monthly' });
  });

  it('answers an unknown plan 404 with a French page leading back to the prices', async () => {
    const answer = await choosePlan(server, { plan_id: 'platine', billing: 'yearly' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toContain('text/html');
    const html = decodeHtml(answer.body);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(texts.payments.planNotFound);
    expect(html).toContain(`<a href="/pricing">${texts.checkoutForm.backToPrices}</a>`);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });

  it.each([
    ['no plan', {}],
    ['an empty plan', { plan_id: '' }],
    ['a plan name too long', { plan_id: 'x'.repeat(65) }],
    ['a cycle the switch never sends', { plan_id: 'scale', billing: 'weekly' }],
  ])('answers %s 400 with a French page, never 5xx', async (_case, fields) => {
    const answer = await choosePlan(server, fields);
    expect(answer.statusCode).toBe(400);
    expect(decodeHtml(answer.body)).toContain(texts.checkoutForm.invalidChoice);
  });

  it('answers a NUL in the plan 400, as every call of the server does', async () => {
    expect((await choosePlan(server, { plan_id: 'sca\u0000le' })).statusCode).toBe(400);
  });

  it('answers a body over its limit 413, and another content type 415, in French', async () => {
    const big = await choosePlan(server, { plan_id: 'scale', padding: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(413);
    const json = await server.app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { 'content-type': 'application/xml' },
      payload: '<plan>scale</plan>',
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('Type de contenu');
  });

  it('spends the same budget per address as the API call: past it, 429 with Retry-After', async () => {
    const ip = '198.51.100.42';
    for (let i = 0; i < CHECKOUT_LIMIT.perAddress; i++) {
      expect((await choosePlan(server, { plan_id: 'basic' }, ip)).statusCode).toBe(303);
    }
    const refused = await choosePlan(server, { plan_id: 'basic' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(decodeHtml(refused.body)).toContain(messages.http[429]);
    // The API call from the same address is refused too: one budget.
    const api = await server.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout-sessions',
      remoteAddress: ip,
      payload: {
        plan_id: 'basic',
        billingCycle: 'monthly',
        successUrl: `${ORIGIN}/onboarding?session_id=%7BCHECKOUT_SESSION_ID%7D`,
        cancelUrl: `${ORIGIN}/payment/cancel`,
      },
    });
    expect(api.statusCode).toBe(429);
  });

  it('has no GET: the address is a form action, not a page', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/checkout' });
    expect(answer.statusCode).toBe(405);
  });
});
