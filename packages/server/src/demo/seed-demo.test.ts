import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestServer, type TestServer } from '../test/harness.ts';
import { DEMO_CUSTOMER, seedDemo } from './seed-demo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe('demo customer', () => {
  it('logs in with the README credentials and has an active Scale subscription, once', async () => {
    expect(await seedDemo(server.db, server.config)).toBe('created');
    expect(await seedDemo(server.db, server.config)).toBe('exists');
    const login = await call<{ tokens: { accessToken: string } }>(
      server,
      'POST',
      '/api/client/auth/login',
      { body: { email: 'demo@theme-portal.test', password: 'Demo1234!' } },
    );
    expect(login.status).toBe(200);
    const current = await call(server, 'GET', '/api/client/subscription/current', {
      token: login.body.tokens.accessToken,
    });
    expect(current.body).toMatchObject({
      hasSubscription: true,
      subscription: { name: 'Scale', price: 39.99 },
      usage: { licensesLimit: 3 },
    });
    // Bought through the sandbox: the customer portal knows the customer.
    const portal = await call(server, 'POST', '/api/stripe/customer-portal', {
      token: login.body.tokens.accessToken,
      body: { returnUrl: 'http://127.0.0.1:3000/dashboard' },
    });
    expect(portal.status).toBe(200);
    expect(DEMO_CUSTOMER.email).toBe('demo@theme-portal.test');
  });
});
