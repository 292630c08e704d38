import { describe, expect, it } from 'vitest';
import { call, useTestServer } from '../test/harness.ts';
import { DEMO_CUSTOMER, seedDemo } from './seed-demo.ts';

const server = useTestServer();

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

describe('demo admin', () => {
  it('signs in with the README credentials as an admin, once', async () => {
    await seedDemo(server.db, server.config);
    await seedDemo(server.db, server.config);
    const login = await call<{ admin: { email: string; role: string } }>(
      server,
      'POST',
      '/api/client/auth/login',
      { body: { email: 'admin@theme-portal.test', password: 'Admin1234!' } },
    );
    expect(login.status).toBe(200);
    expect(login.body.admin).toMatchObject({ email: 'admin@theme-portal.test', role: 'admin' });
    const [admins] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM admins',
    );
    expect(admins?.count).toBe(1);
  });
});
