import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  createAdmin,
  loggedInCustomer,
  sessionFor,
  createTestServer,
  useTestServer,
  type TestServer,
} from '../test/harness.ts';
import type { Database } from '../db/database.ts';
import { BoundedMap, CACHE_CHANNEL, createReadCache } from './read-cache.ts';

describe('BoundedMap', () => {
  it('never holds more than its capacity and drops the oldest entry first', () => {
    const map = new BoundedMap<string, number>(3);
    for (let index = 0; index < 10; index += 1) {
      map.set(`k${index}`, index);
      expect(map.size).toBeLessThanOrEqual(3);
    }
    expect([map.get('k6'), map.get('k7'), map.get('k8'), map.get('k9')]).toEqual([
      undefined,
      7,
      8,
      9,
    ]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedMap(0)).toThrow();
  });
});

describe('read cache', () => {
  const session = (sessionId: string, id = 'alice') => ({
    kind: 'customer' as const,
    id,
    sessionId,
  });

  it('keeps at most its capacity of sessions and of licence lists', async () => {
    const cache = createReadCache({ enabled: true, sessionCapacity: 5, licenceListCapacity: 4 });
    for (let index = 0; index < 50; index += 1) {
      await cache.sessionOpen(session(`s${index}`), async () => true);
      await cache.licenceList(`c${index}`, async () => `[${index}]`);
    }
    expect(cache.sizes).toEqual({ sessions: 5, licenceLists: 4 });
  });

  it('answers a kept entry without loading, and loads again once forgotten', async () => {
    const cache = createReadCache({ enabled: true });
    const load = vi.fn(async () => '{"licenses":[]}');
    await cache.licenceList('alice', load);
    await cache.licenceList('alice', load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.forget({ type: 'licences', customerId: 'alice' });
    await cache.licenceList('alice', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps each list under its own customer', async () => {
    const cache = createReadCache({ enabled: true });
    await cache.licenceList('alice', async () => 'alice-list');
    expect(await cache.licenceList('bob', async () => 'bob-list')).toBe('bob-list');
    expect(await cache.licenceList('alice', async () => 'reloaded')).toBe('alice-list');
  });

  it('answers a session only to the account it was checked for', async () => {
    const cache = createReadCache({ enabled: true });
    await cache.sessionOpen(session('family', 'alice'), async () => true);
    expect(await cache.sessionOpen(session('family', 'bob'), async () => false)).toBe(false);
    expect(
      await cache.sessionOpen(
        { kind: 'admin', id: 'alice', sessionId: 'family' },
        async () => false,
      ),
    ).toBe(false);
  });

  it('never keeps a refused session (it is asked again)', async () => {
    const cache = createReadCache({ enabled: true });
    const load = vi.fn(async () => false);
    await cache.sessionOpen(session('family'), load);
    await cache.sessionOpen(session('family'), load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.sizes.sessions).toBe(0);
  });

  it('does not keep a read that started before a write it may have missed', async () => {
    const cache = createReadCache({ enabled: true });
    let finish: (value: string) => void = () => {};
    const slow = cache.licenceList('alice', () => new Promise((resolve) => (finish = resolve)));
    cache.forget({ type: 'licences', customerId: 'alice' });
    finish('old list');
    expect(await slow).toBe('old list');
    expect(await cache.licenceList('alice', async () => 'new list')).toBe('new list');

    let open: (value: boolean) => void = () => {};
    const check = cache.sessionOpen(session('family'), () => new Promise((r) => (open = r)));
    cache.forget({ type: 'session', sessionId: 'family' });
    open(true);
    await check;
    expect(await cache.sessionOpen(session('family'), async () => false)).toBe(false);
  });

  it('forgets every session of an account, and an account deletion its licences too', async () => {
    const cache = createReadCache({ enabled: true });
    await cache.sessionOpen(session('one'), async () => true);
    await cache.sessionOpen(session('two'), async () => true);
    await cache.sessionOpen(session('bob-s', 'bob'), async () => true);
    await cache.licenceList('alice', async () => 'alice-list');
    cache.forget({ type: 'sessions', kind: 'customer', id: 'alice' });
    expect(cache.sizes).toEqual({ sessions: 1, licenceLists: 1 });
    cache.forget({ type: 'account', kind: 'customer', id: 'alice' });
    expect(cache.sizes).toEqual({ sessions: 1, licenceLists: 0 });
    cache.clear();
    expect(cache.sizes).toEqual({ sessions: 0, licenceLists: 0 });
  });

  const fakeDatabase = (log: string[]): Database => {
    const db: Database = {
      sharedWithOtherProcesses: true,
      query: async <T>(sql: string, params: readonly unknown[] = []) => {
        log.push(`${sql} ${JSON.stringify(params)}`);
        return [] as T[];
      },
      transaction: async (fn) => {
        log.push('BEGIN');
        try {
          const result = await fn(db);
          log.push('COMMIT');
          return result;
        } catch (error) {
          log.push('ROLLBACK');
          throw error;
        }
      },
      exec: async () => {},
      close: async () => {},
    };
    return db;
  };

  it('announces a write with NOTIFY inside its transaction, then forgets it here', async () => {
    const log: string[] = [];
    const cache = createReadCache({ enabled: true, broadcast: true });
    await cache.licenceList('alice', async () => 'old');
    await cache.write(fakeDatabase(log), async (tx, changed) => {
      await tx.query('DELETE FROM licences');
      await changed({ type: 'licences', customerId: 'alice' });
      expect(cache.sizes.licenceLists).toBe(1);
    });
    expect(log).toEqual([
      'BEGIN',
      'DELETE FROM licences []',
      `SELECT pg_notify($1, $2) ["${CACHE_CHANNEL}","{\\"type\\":\\"licences\\",\\"customerId\\":\\"alice\\"}"]`,
      'COMMIT',
    ]);
    expect(await cache.licenceList('alice', async () => 'new')).toBe('new');
  });

  it('forgets a change even when its transaction fails, and sends no NOTIFY on PGlite', async () => {
    const log: string[] = [];
    const cache = createReadCache({ enabled: true });
    await cache.licenceList('alice', async () => 'old');
    const failing = cache.write(fakeDatabase(log), async (_tx, changed) => {
      await changed({ type: 'licences', customerId: 'alice' });
      throw new Error('conflict');
    });
    await expect(failing).rejects.toThrow('conflict');
    expect(log).toEqual(['BEGIN', 'ROLLBACK']);
    expect(cache.sizes.licenceLists).toBe(0);
  });

  it("forgets another replica's change, and everything on a payload it cannot read", async () => {
    const cache = createReadCache({ enabled: true });
    await cache.licenceList('alice', async () => 'alice-list');
    await cache.licenceList('bob', async () => 'bob-list');
    await cache.sessionOpen(session('family'), async () => true);
    cache.forgetNotified(JSON.stringify({ type: 'licences', customerId: 'alice' }));
    expect(cache.sizes).toEqual({ sessions: 1, licenceLists: 1 });
    cache.forgetNotified(JSON.stringify({ type: 'session', sessionId: 'family' }));
    expect(cache.sizes).toEqual({ sessions: 0, licenceLists: 1 });
    cache.forgetNotified('{"type":"licences"}');
    expect(cache.sizes).toEqual({ sessions: 0, licenceLists: 0 });
    await cache.licenceList('bob', async () => 'bob-list');
    cache.forgetNotified('pas du JSON');
    expect(cache.sizes).toEqual({ sessions: 0, licenceLists: 0 });
  });

  it('keeps nothing while suspended (changes may be missed), and starts empty on resuming', async () => {
    const cache = createReadCache({ enabled: false });
    await cache.licenceList('alice', async () => 'first');
    expect(cache.sizes.licenceLists).toBe(0);
    cache.resume();
    await cache.licenceList('alice', async () => 'second');
    expect(cache.enabled).toBe(true);
    let finish: (value: string) => void = () => {};
    const slow = cache.licenceList('bob', () => new Promise((resolve) => (finish = resolve)));
    cache.suspend();
    finish('bob-list');
    await slow;
    expect(cache.enabled).toBe(false);
    expect(cache.sizes.licenceLists).toBe(0);
    cache.resume();
    expect(await cache.licenceList('alice', async () => 'third')).toBe('third');
  });

  it('when disabled, loads every time and keeps nothing', async () => {
    const cache = createReadCache({ enabled: false });
    const load = vi.fn(async () => true);
    await cache.sessionOpen(session('family'), load);
    await cache.sessionOpen(session('family'), load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.sizes).toEqual({ sessions: 0, licenceLists: 0 });
  });

  describe('a keyed cache (the licence verification’s shops)', () => {
    const shopsOf = (cache: ReturnType<typeof createReadCache>) =>
      cache.keyed<string[]>({ capacity: 3, customersOf: (customers) => customers });

    it('keeps a value until a licence change of a customer it names, or any for one naming none', async () => {
      const cache = createReadCache({ enabled: true });
      const shops = shopsOf(cache);
      await shops.get('a.myshopify.com', async () => ['alice']);
      await shops.get('b.myshopify.com', async () => ['bob']);
      await shops.get('unknown.myshopify.com', async () => []);
      expect(shops.known('a.myshopify.com')).toEqual(['alice']);
      cache.forget({ type: 'licences', customerId: 'bob' });
      expect(shops.known('a.myshopify.com')).toEqual(['alice']);
      expect(shops.known('b.myshopify.com')).toBeUndefined();
      // The change may have given the unknown shop a licence.
      expect(shops.known('unknown.myshopify.com')).toBeUndefined();
      cache.forgetNotified(JSON.stringify({ type: 'account', kind: 'customer', id: 'alice' }));
      expect(shops.known('a.myshopify.com')).toBeUndefined();
    });

    it('is untouched by a sighting, which forgets only the licence list', async () => {
      const cache = createReadCache({ enabled: true });
      const shops = shopsOf(cache);
      await shops.get('a.myshopify.com', async () => ['alice']);
      await cache.licenceList('alice', async () => 'alice-list');
      cache.forgetNotified(JSON.stringify({ type: 'sighting', customerId: 'alice' }));
      expect(shops.known('a.myshopify.com')).toEqual(['alice']);
      expect(cache.knownLicenceList('alice')).toBeUndefined();
    });

    it('keeps at most its capacity, nothing while disabled, and no read a write overtook', async () => {
      const cache = createReadCache({ enabled: true });
      const shops = shopsOf(cache);
      for (const shop of ['1', '2', '3', '4']) await shops.get(shop, async () => [shop]);
      expect(['1', '2', '3', '4'].map((shop) => shops.known(shop))).toEqual([
        undefined,
        ['2'],
        ['3'],
        ['4'],
      ]);
      let finish: (value: string[]) => void = () => {};
      const slow = shops.get('5', () => new Promise((resolve) => (finish = resolve)));
      cache.forget({ type: 'licences', customerId: 'someone' });
      finish(['alice']);
      expect(await slow).toEqual(['alice']);
      expect(shops.known('5')).toBeUndefined();
      cache.suspend();
      expect(shops.known('2')).toBeUndefined();
      await shops.get('6', async () => ['carol']);
      expect(shops.known('6')).toBeUndefined();
    });
  });
});

// Through HTTP: each test first reads (so the cache holds the answer), writes, then reads again.
describe('every write is seen by the next read', () => {
  const server = useTestServer();
  afterEach(() => vi.restoreAllMocks());

  interface License {
    _id: string;
    custom_domain: string;
  }
  const list = (token: string) =>
    call<{ licenses: License[] }>(server, 'GET', '/api/client/licenses', { token });
  const domains = async (token: string) => {
    const answer = await list(token);
    expect(answer.status).toBe(200);
    return answer.body.licenses.map((licence) => licence.custom_domain);
  };
  const create = (token: string, customDomain: string) =>
    call<{ license: License }>(server, 'POST', '/api/client/licenses', {
      token,
      body: { custom_domain: customDomain, shop_domain: 'ma-boutique' },
    });

  it('a cached read makes no query at all', async () => {
    const customer = await loggedInCustomer(server);
    expect(await domains(customer.accessToken)).toEqual([]);
    const query = vi.spyOn(server.db, 'query');
    expect(await domains(customer.accessToken)).toEqual([]);
    expect(query).not.toHaveBeenCalled();
  });

  it('lists a licence right after its creation, edit and deletion by the customer', async () => {
    const customer = await loggedInCustomer(server);
    expect(await domains(customer.accessToken)).toEqual([]);
    const { license } = (await create(customer.accessToken, 'un.fr')).body;
    expect(await domains(customer.accessToken)).toEqual(['un.fr']);
    const edit = await call(server, 'PUT', `/api/client/licenses/${license._id}`, {
      token: customer.accessToken,
      body: { custom_domain: 'deux.fr', shop_domain: 'ma-boutique' },
    });
    expect(edit.status).toBe(200);
    expect(await domains(customer.accessToken)).toEqual(['deux.fr']);
    const removal = await call(server, 'DELETE', `/api/client/licenses/${license._id}`, {
      token: customer.accessToken,
    });
    expect(removal.status).toBe(200);
    expect(await domains(customer.accessToken)).toEqual([]);
  });

  it('lists a licence right after an admin created it, and not after an admin deleted it', async () => {
    const customer = await loggedInCustomer(server);
    const admin = await sessionFor(server, { kind: 'admin', id: (await createAdmin(server)).id });
    expect(await domains(customer.accessToken)).toEqual([]);
    const created = await call<{ license: License }>(server, 'POST', '/api/admin/licenses', {
      token: admin.accessToken,
      body: { customer_id: customer.id, custom_domain: 'admin.fr', shop_domain: 'ma-boutique' },
    });
    expect(created.status).toBe(201);
    expect(await domains(customer.accessToken)).toEqual(['admin.fr']);
    const removal = await call(
      server,
      'DELETE',
      `/api/admin/licenses/${created.body.license._id}`,
      {
        token: admin.accessToken,
      },
    );
    expect(removal.status).toBe(200);
    expect(await domains(customer.accessToken)).toEqual([]);
  });

  it("never answers one customer's list to another", async () => {
    const alice = await loggedInCustomer(server);
    const bob = await loggedInCustomer(server);
    await create(alice.accessToken, 'alice.fr');
    expect(await domains(alice.accessToken)).toEqual(['alice.fr']);
    expect(await domains(bob.accessToken)).toEqual([]);
    await create(bob.accessToken, 'bob.fr');
    expect(await domains(bob.accessToken)).toEqual(['bob.fr']);
    expect(await domains(alice.accessToken)).toEqual(['alice.fr']);
  });

  it('refuses the access token right after logout', async () => {
    const customer = await loggedInCustomer(server);
    expect((await list(customer.accessToken)).status).toBe(200);
    const logout = await call(server, 'POST', '/admin/auth/logout', {
      token: customer.accessToken,
    });
    expect(logout.status).toBe(200);
    expect((await list(customer.accessToken)).status).toBe(401);
  });

  it('refuses the access token right after its refresh token was reused', async () => {
    const customer = await loggedInCustomer(server);
    const refresh = (refreshToken: string) =>
      call<{ accessToken: string }>(server, 'POST', '/auth/refresh', { body: { refreshToken } });
    const renewed = await refresh(customer.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await list(renewed.body.accessToken)).status).toBe(200);
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    expect((await list(renewed.body.accessToken)).status).toBe(401);
  });

  it('refuses the other sessions right after a password change, keeps the one that changed it', async () => {
    const customer = await loggedInCustomer(server);
    const other = await sessionFor(server, { kind: 'customer', id: customer.id });
    expect((await list(customer.accessToken)).status).toBe(200);
    expect((await list(other.accessToken)).status).toBe(200);
    const change = await call(server, 'PUT', '/api/client/auth/change-password', {
      token: customer.accessToken,
      body: {
        current_password: customer.password,
        new_password: 'Nouveau123',
        confirm_password: 'Nouveau123',
      },
    });
    expect(change.status).toBe(200);
    expect((await list(other.accessToken)).status).toBe(401);
    expect((await list(customer.accessToken)).status).toBe(200);
  });

  it('refuses every session right after a password reset', async () => {
    const customer = await loggedInCustomer(server);
    expect((await list(customer.accessToken)).status).toBe(200);
    await call(server, 'POST', '/admin/auth/forgot-password', { body: { email: customer.email } });
    const [mail] = await server.db.query<{ payload: { link: string } }>(
      `SELECT payload FROM outbox WHERE kind = 'password-reset'`,
    );
    const token = new URL(mail?.payload.link ?? '').searchParams.get('token');
    const reset = await call(server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'Nouveau123' },
    });
    expect(reset.status).toBe(200);
    expect((await list(customer.accessToken)).status).toBe(401);
  });

  it('refuses the session right after the account was deleted', async () => {
    const customer = await loggedInCustomer(server);
    await create(customer.accessToken, 'parti.fr');
    expect(await domains(customer.accessToken)).toEqual(['parti.fr']);
    const deletion = await call(server, 'DELETE', '/customers/account', {
      token: customer.accessToken,
      body: { password: customer.password },
    });
    expect(deletion.status).toBe(204);
    expect((await list(customer.accessToken)).status).toBe(401);
    expect(server.app.readCache.sizes.licenceLists).toBe(0);
  });

  it('refuses an access token once it expires, although it was verified before', async () => {
    const customer = await loggedInCustomer(server);
    expect((await list(customer.accessToken)).status).toBe(200);
    server.clock.advance(server.config.accessTokenSeconds);
    expect((await list(customer.accessToken)).status).toBe(401);
  });
});

// Two replicas over one PostgreSQL database (`pnpm test` runs this suite on PostgreSQL too).
if (process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '') {
  describe('replicas sharing PostgreSQL', () => {
    let server: TestServer;
    let replica: Awaited<ReturnType<NonNullable<TestServer['replica']>>>;
    beforeAll(async () => {
      server = await createTestServer();
      if (server.replica === undefined) throw new Error('no replica over PostgreSQL');
      replica = await server.replica();
    });
    afterAll(async () => {
      await replica.close();
      await server.close();
    });
    beforeEach(async () => {
      await server.reset();
      replica.app.readCache.clear();
    });

    /**
     * Polls until `check` holds: a notification takes a moment to cross, more on a busy machine
     * (up to 10 s; it returns as soon as it holds).
     */
    async function eventually(check: () => Promise<boolean>): Promise<void> {
      for (let attempt = 0; attempt < 500; attempt += 1) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('never happened');
    }
    const listOn = async (app: TestServer['app'], token: string) =>
      call<{ licenses: { custom_domain: string }[] }>({ app }, 'GET', '/api/client/licenses', {
        token,
      });
    /**
     * Lists on the replica until it keeps the list: the notification of a write made just before
     * (the customer's login) may still be crossing, more slowly on a busy machine, and forget it.
     */
    const keptOn = (app: TestServer['app'], token: string) =>
      eventually(async () => {
        await listOn(app, token);
        return app.readCache.sizes.licenceLists === 1;
      });

    it("a replica sees another's licence creation and logout once notified", async () => {
      const customer = await loggedInCustomer(server);
      expect(replica.app.readCache.enabled).toBe(true);
      expect((await listOn(replica.app, customer.accessToken)).body.licenses).toEqual([]);
      await keptOn(replica.app, customer.accessToken);
      const created = await call(server, 'POST', '/api/client/licenses', {
        token: customer.accessToken,
        body: { custom_domain: 'ailleurs.fr', shop_domain: 'ma-boutique' },
      });
      expect(created.status).toBe(201);
      await eventually(async () => {
        const answer = await listOn(replica.app, customer.accessToken);
        return answer.body.licenses.length === 1;
      });
      await call(server, 'POST', '/admin/auth/logout', { token: customer.accessToken });
      await eventually(
        async () => (await listOn(replica.app, customer.accessToken)).status === 401,
      );
    });

    it('a replica whose listening connection drops keeps nothing until it listens again', async () => {
      const customer = await loggedInCustomer(server);
      await keptOn(replica.app, customer.accessToken);
      await server.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      await eventually(async () => !replica.app.readCache.enabled);
      expect(replica.app.readCache.sizes.licenceLists).toBe(0);
      await eventually(async () => replica.app.readCache.enabled);
      expect((await listOn(replica.app, customer.accessToken)).status).toBe(200);
    });
  });
}
