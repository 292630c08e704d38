import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from '../test/harness.ts';
import { securityHeaders } from './security.ts';

const server = useTestServer();

describe('the foundation every route stands on', () => {
  it('answers the health check once the database answers', async () => {
    const answer = await call(server, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('puts the security headers on every answer: no script at all in what is not a page', async () => {
    for (const url of ['/api/health', '/api/nowhere']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
      expect(answer.headers['content-security-policy'], url).toBe(
        "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['strict-transport-security'], url).toBeUndefined();
      expect(answer.headers, url).not.toHaveProperty('permissions-policy');
    }
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: no HSTS on a plain http portal', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS only when the public origin is https, to pages and the rest alike', () => {
    const allowed = { allowedRedirectOrigins: [], stripeSecretKey: undefined };
    const https = securityHeaders({ publicOrigin: 'https://portal.example', ...allowed });
    const http = securityHeaders({ publicOrigin: 'http://127.0.0.1:3000', ...allowed });
    for (const set of ['document', 'resource'] as const) {
      expect(https[set]).toMatchObject({
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(http[set]).not.toHaveProperty('strict-transport-security');
    }
  });

  it("lets pages' forms go to the portal and its return origins, and to Stripe's checkout with Stripe", () => {
    const formAction = (stripeSecretKey: string | undefined) =>
      /form-action ([^;]*)/.exec(
        securityHeaders({
          publicOrigin: 'https://portal.example',
          allowedRedirectOrigins: ['https://portal.example', 'https://shop.example'],
          stripeSecretKey,
        }).document['content-security-policy'] ?? '',
      )?.[1];
    expect(formAction(undefined)).toBe("'self' https://portal.example https://shop.example");
    expect(formAction('sk_test_x')).toBe(
      "'self' https://portal.example https://shop.example https://checkout.stripe.com",
    );
  });

  it('answers 404 in French for an unknown API path', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: messages.http[404] });
  });

  it('seeds the three built-in plans and their six prices', async () => {
    const plans = await server.db.query<{ id: string; max_licenses: number }>(
      'SELECT id, max_licenses FROM plans ORDER BY sort_order',
    );
    expect(plans).toEqual([
      { id: 'basic', max_licenses: 1 },
      { id: 'scale', max_licenses: 3 },
      { id: 'business', max_licenses: 10 },
    ]);
    const prices = await server.db.query<{ id: string; unit_amount: number }>(
      'SELECT id, unit_amount FROM prices ORDER BY unit_amount',
    );
    expect(prices).toEqual([
      { id: 'price_basic_monthly', unit_amount: 1999 },
      { id: 'price_scale_monthly', unit_amount: 3999 },
      { id: 'price_business_monthly', unit_amount: 7999 },
      { id: 'price_basic_yearly', unit_amount: 20389 },
      { id: 'price_scale_yearly', unit_amount: 40789 },
      { id: 'price_business_yearly', unit_amount: 81589 },
    ]);
  });
});
