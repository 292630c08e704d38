import { describe, expect, it } from 'vitest';
import { call, createAdmin, loggedInCustomer, sessionFor, useTestServer } from '../test/harness.ts';

const server = useTestServer();

async function oneLicenceEvent() {
  const admin = await createAdmin(server);
  const { accessToken } = await sessionFor(server, { kind: 'admin', id: admin.id });
  const customer = await loggedInCustomer(server);
  const created = await call(server, 'POST', '/api/admin/licenses', {
    token: accessToken,
    body: { customer_id: customer.id, custom_domain: 'journal.fr', shop_domain: 'journal' },
  });
  expect(created.status).toBe(201);
  return { accessToken, customer };
}

describe('the journal', () => {
  it('refuses UPDATE and DELETE of any event; the tests reset it with TRUNCATE', async () => {
    await oneLicenceEvent();
    const [before] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM journal',
    );
    expect(before?.count).toBeGreaterThan(0);
    await expect(server.db.query(`UPDATE journal SET reason = 'réécrit'`)).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(server.db.query('DELETE FROM journal')).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    const [after] = await server.db.query<{ count: number; rewritten: number }>(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE reason = 'réécrit')::int AS rewritten
       FROM journal`,
    );
    expect(after).toEqual({ count: before?.count, rewritten: 0 });
    await server.reset();
    expect(await server.db.query('SELECT seq FROM journal')).toEqual([]);
  });

  it('lists newest first, filtered by customer and type, searchable by a customer, paged', async () => {
    const { accessToken, customer } = await oneLicenceEvent();
    const read = (query: string) =>
      call<{ events: { type: string; customer_id: string | null }[]; total: number }>(
        server,
        'GET',
        `/api/admin/journal?${query}`,
        { token: accessToken },
      );
    const mine = await read(`customer_id=${customer.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.events.map((event) => event.type)).toEqual(['licence_created']);
    expect((await read(`q=${encodeURIComponent(customer.email)}`)).body.total).toBe(1);
    expect((await read('q=journal.fr')).body.events[0]?.customer_id).toBe(customer.id);
    expect((await read('type=licence_deleted')).body.total).toBe(0);
    expect((await read('type=inconnu')).status).toBe(400);
    expect((await read('per_page=1&page=2')).body.events).toEqual([]);
  });
});

describe('admin sessions', () => {
  it('are shorter than customers: the access token and the refresh family end sooner', async () => {
    const admin = await createAdmin(server);
    const login = await call<{ tokens: { accessToken: string; refreshToken: string } }>(
      server,
      'POST',
      '/api/client/auth/login',
      { body: { email: admin.email, password: admin.password } },
    );
    expect(login.status).toBe(200);
    const claims = JSON.parse(
      Buffer.from(login.body.tokens.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as { exp: number; iat: number };
    const { adminSession } = server.config;
    expect(claims.exp - claims.iat).toBe(adminSession.accessTokenSeconds);
    expect(adminSession.accessTokenSeconds).toBeLessThan(server.config.accessTokenSeconds);
    expect(adminSession.refreshFamilySeconds).toBeLessThan(server.config.refreshFamilySeconds);
    // The profile call answers the admin, so the web app knows who is signed in.
    const profile = await call(server, 'GET', '/api/client/profile', {
      token: login.body.tokens.accessToken,
    });
    expect(profile.body).toMatchObject({ admin: { email: admin.email, role: 'admin' } });
    // Refreshed within its idle time, the session still ends at the family's end.
    let refreshToken = login.body.tokens.refreshToken;
    const step = adminSession.refreshTokenSeconds - 60;
    let elapsed = 0;
    for (;;) {
      server.clock.advance(step);
      elapsed += step;
      const refreshed = await call<{ refreshToken: string }>(server, 'POST', '/auth/refresh', {
        body: { refreshToken },
      });
      if (refreshed.status !== 200) {
        expect(refreshed.status).toBe(401);
        break;
      }
      refreshToken = refreshed.body.refreshToken;
    }
    // Refused at the first refresh past the family's end, not before.
    expect(elapsed).toBeGreaterThan(adminSession.refreshFamilySeconds);
    expect(elapsed - step).toBeLessThanOrEqual(adminSession.refreshFamilySeconds);
  });

  it('ends with POST /admin/auth/logout', async () => {
    const admin = await createAdmin(server);
    const tokens = await sessionFor(server, { kind: 'admin', id: admin.id });
    const out = await call(server, 'POST', '/admin/auth/logout', { token: tokens.accessToken });
    expect(out.status).toBe(200);
    const refreshed = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });
});
