import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { call, useTestServer, loggedInCustomer, sessionFor } from '../../test/harness.ts';
import { decodeHtml, subscriptionKit } from '../../test/subscription-kit.ts';
import { onboardedCustomer, ORIGIN } from './test-support.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

const RETURN_URL = `${ORIGIN}/dashboard?tab=subscription`;

async function openPortal(accessToken: string, body: object = { returnUrl: RETURN_URL }) {
  return call<{ data: { url: string } }>(server, 'POST', '/api/stripe/customer-portal', {
    token: accessToken,
    body,
  });
}

const { postForm } = subscriptionKit(server);

async function current(accessToken: string) {
  const answer = await call<{
    hasSubscription: boolean;
    subscription: {
      name: string;
      price: number;
      billingCycle?: string;
      status?: string;
      cancel_at_period_end?: boolean;
    } | null;
    usage: { licensesLimit: number };
  }>(server, 'GET', '/api/client/subscription/current', { token: accessToken });
  return answer.body;
}

describe('sandbox customer portal', () => {
  it('switching plan and billing cycle is reflected by subscription/current', async () => {
    const { accessToken } = await onboardedCustomer(server, 'scale', 'yearly');
    const opened = await openPortal(accessToken);
    expect(opened.status).toBe(200);
    const url = new URL(opened.body.data.url);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toMatch(/^\/sandbox\/portal\/bps_sandbox_[A-Za-z0-9_-]{24}$/);

    const page = await server.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    const html = decodeHtml(page.body);
    expect(html).toContain(messages.subscription.manage);
    expect(html).toContain('Scale — 407,89\u00a0€ / an');
    expect(html).toContain(`<dd>${messages.subscription.statusLabels.active}</dd>`);
    expect(html).toMatch(
      /<input type="radio" id="plan-scale" name="plan" value="scale" required checked><label for="plan-scale">Scale<\/label>/,
    );
    expect(html).toContain('<label for="billingCycle-monthly">Mensuelle</label>');
    expect(html).toContain(`href="${RETURN_URL}"`);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);

    const changed = await postForm(`${url.pathname}/plan`, {
      plan: 'business',
      billingCycle: 'monthly',
    });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe(`${url.pathname}?done=updated`);
    expect(await current(accessToken)).toMatchObject({
      hasSubscription: true,
      subscription: { name: 'Business', price: 79.99, billingCycle: 'monthly' },
      usage: { licensesLimit: 10 },
    });
    const after = await server.app.inject({ method: 'GET', url: `${url.pathname}?done=updated` });
    expect(decodeHtml(after.body)).toContain(texts.sandbox.updated);
    expect(decodeHtml(after.body)).toContain('Business — 79,99\u00a0€ / mois');
  });

  it('an unknown plan or cycle changes nothing', async () => {
    const { accessToken } = await onboardedCustomer(server, 'basic', 'monthly');
    const { pathname } = new URL((await openPortal(accessToken)).body.data.url);
    const refused = await postForm(`${pathname}/plan`, { plan: 'gold', billingCycle: 'monthly' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      `role="alert" id="form-error">${texts.validation.fieldInvalid}</p>`,
    );
    expect(
      (await postForm(`${pathname}/plan`, { plan: 'scale', billingCycle: 'weekly' })).statusCode,
    ).toBe(400);
    expect((await current(accessToken)).subscription).toMatchObject({
      name: 'Basic',
      price: 19.99,
    });
  });

  it("cancelling ends the subscription at the period's end; resuming undoes it until then", async () => {
    const { accessToken, customer } = await onboardedCustomer(server);
    const { pathname } = new URL((await openPortal(accessToken)).body.data.url);
    const cancelled = await postForm(`${pathname}/cancel`, {});
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${pathname}?done=canceled`);
    // Still active until the period ends, marked as ending.
    const state = await current(accessToken);
    expect(state.hasSubscription).toBe(true);
    expect(state.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const page = decodeHtml(
      (await server.app.inject({ method: 'GET', url: `${pathname}?done=canceled` })).body,
    );
    expect(page).toContain(texts.sandbox.canceled);
    expect(page).toContain(texts.sandbox.resumeSubmit);
    expect(page).toContain('Se termine le ');
    expect(page).not.toContain(texts.sandbox.cancelSubscription);

    const resumed = await postForm(`${pathname}/resume`, {});
    expect(resumed.headers.location).toBe(`${pathname}?done=resumed`);
    expect((await current(accessToken)).subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });

    await postForm(`${pathname}/cancel`, {});
    // A year and a day later (the yearly period is over): ended, no licence place left.
    server.clock.advance(367 * 24 * 3600);
    // A new session: access tokens last 15 minutes.
    const later = await sessionFor(server, { kind: 'customer', id: customer._id });
    const ended = await current(later.accessToken);
    expect(ended.hasSubscription).toBe(false);
    expect(ended.usage.licensesLimit).toBe(0);
    expect(ended.subscription).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
  });

  it('a portal link expires after an hour', async () => {
    const { accessToken } = await onboardedCustomer(server);
    const { pathname } = new URL((await openPortal(accessToken)).body.data.url);
    await server.db.query(
      "UPDATE sandbox_portal_sessions SET expires_at = now() - interval '1 second'",
    );
    const page = await server.app.inject({ method: 'GET', url: pathname });
    expect(page.statusCode).toBe(404);
    expect(decodeHtml(page.body)).toContain(texts.sandbox.portalExpired);
    expect((await postForm(`${pathname}/cancel`, {})).statusCode).toBe(404);
    expect((await current(accessToken)).hasSubscription).toBe(true);
  });

  it("uses the customer's own provider id: another id is 404, none at all is 404", async () => {
    const { accessToken, customer } = await onboardedCustomer(server);
    expect(
      (
        await openPortal(accessToken, {
          stripe_customer_id: customer.stripe_customer_id,
          returnUrl: RETURN_URL,
        })
      ).status,
    ).toBe(200);
    const other = await openPortal(accessToken, {
      stripe_customer_id: 'cus_someone_else',
      returnUrl: RETURN_URL,
    });
    expect(other.status).toBe(404);
    const withoutProvider = await loggedInCustomer(server);
    const none = await openPortal(withoutProvider.accessToken);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: texts.payments.noPaymentCustomer });
  });

  it('refuses a foreign return URL and an anonymous caller', async () => {
    const { accessToken } = await onboardedCustomer(server);
    for (const returnUrl of [
      'https://evil.example/',
      'javascript:alert(1)',
      'http://127.0.0.1:3000.evil.example/',
    ]) {
      const answer = await openPortal(accessToken, { returnUrl });
      expect(answer.status).toBe(400);
    }
    const anonymous = await call(server, 'POST', '/api/stripe/customer-portal', {
      body: { returnUrl: RETURN_URL },
    });
    expect(anonymous.status).toBe(401);
    expect(await server.db.query('SELECT 1 FROM sandbox_portal_sessions')).toHaveLength(0);
  });

  it('billing-portal takes the customerId and answers the same kind of page', async () => {
    const { accessToken, customer } = await onboardedCustomer(server);
    const own = await call<{ data: { url: string } }>(
      server,
      'POST',
      '/api/stripe/billing-portal',
      {
        token: accessToken,
        body: { customerId: customer.stripe_customer_id, returnUrl: RETURN_URL },
      },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.url).toMatch(/\/sandbox\/portal\/bps_sandbox_/);
    const other = await call(server, 'POST', '/api/stripe/billing-portal', {
      token: accessToken,
      body: { customerId: 'cus_sandbox_other', returnUrl: RETURN_URL },
    });
    expect(other.status).toBe(404);
  });
});
