import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCheckoutLimit as CHECKOUT_LIMIT } from '../config.ts';
import { CANCEL_URL, SUCCESS_URL_SENT } from '../routes/payments/test-support.ts';
import { call, useTestServer, loggedInCustomer, type TestServer } from '../test/harness.ts';
import { spendBudget } from './request-budgets.repo.ts';

const server = useTestServer();

describe('request budgets', () => {
  const budget = { key: 'essai:10.0.0.1', max: 20, windowSeconds: 600 };

  it('lets exactly `max` of many concurrent calls through, then tells how long to wait', async () => {
    const now = server.clock.now();
    const waits = await Promise.all(
      Array.from({ length: 30 }, () => spendBudget(server.db, budget, now)),
    );
    expect(waits.filter((wait) => wait === undefined)).toHaveLength(budget.max);
    for (const wait of waits.filter((value) => value !== undefined)) {
      expect(wait).toBe(budget.windowSeconds);
    }
    const later = new Date(now.getTime() + 100_000);
    expect(await spendBudget(server.db, budget, later)).toBe(budget.windowSeconds - 100);
  });

  it('starts a new window once the last one is over, per key', async () => {
    const now = server.clock.now();
    for (let call = 0; call < budget.max; call += 1) await spendBudget(server.db, budget, now);
    expect(await spendBudget(server.db, budget, now)).toBeGreaterThan(0);
    expect(await spendBudget(server.db, { ...budget, key: 'essai:10.0.0.2' }, now)).toBe(undefined);
    const next = new Date(now.getTime() + budget.windowSeconds * 1000);
    expect(await spendBudget(server.db, budget, next)).toBe(undefined);
  });

  it('are kept apart from the login-failure lock: refreshes and registrations count no failure', async () => {
    const alice = await loggedInCustomer(server);
    const refreshed = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: alice.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const registered = await call(server, 'POST', '/api/client/auth/register', {
      body: {
        email: 'nouvelle@example.test',
        password: 'Secret123',
        first_name: 'Jeanne',
        last_name: 'Dupont',
        shop_domain: 'nouvelle',
      },
    });
    expect(registered.status).toBe(201);
    expect(await server.db.query('SELECT key FROM login_attempts')).toEqual([]);
    const spent = await server.db.query<{ key: string }>(
      'SELECT key FROM request_budgets ORDER BY key',
    );
    expect(spent.map((row) => row.key.split(':')[0])).toEqual(['refresh', 'register']);
  });
});

// Two replicas over one PostgreSQL database (`pnpm test` runs this suite on PostgreSQL too).
if (process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '') {
  describe('request budgets across replicas sharing PostgreSQL', () => {
    let replica: Awaited<ReturnType<NonNullable<TestServer['replica']>>>;
    beforeAll(async () => {
      if (server.replica === undefined) throw new Error('no replica over PostgreSQL');
      replica = await server.replica();
    });
    afterAll(async () => replica.close());

    it('one budget for both: of concurrent checkouts spread over two replicas, exactly the budget passes', async () => {
      const body = {
        plan_id: 'basic',
        billingCycle: 'monthly',
        successUrl: SUCCESS_URL_SENT,
        cancelUrl: CANCEL_URL,
      };
      const attempts = CHECKOUT_LIMIT.perAddress + 6;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, index) =>
          call(index % 2 === 0 ? server : replica, 'POST', '/api/stripe/checkout-sessions', {
            body,
            remoteAddress: '10.7.7.7',
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(CHECKOUT_LIMIT.perAddress);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    });
  });
}
