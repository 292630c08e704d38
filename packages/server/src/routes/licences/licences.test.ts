import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import {
  call,
  createAdmin,
  useTestServer,
  loggedInCustomer,
  sessionFor,
} from '../../test/harness.ts';
import { latestThemeVersion } from '@portal/theme';

interface License {
  _id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  status: string;
  expires_at: string | null;
}

const server = useTestServer();

const create = (token: string, custom_domain: string, shop_domain = 'ma-boutique') =>
  call<{ message: string; license: License }>(server, 'POST', '/api/client/licenses', {
    token,
    body: { custom_domain, shop_domain },
  });
const list = (token: string) =>
  call<{ licenses: License[] }>(server, 'GET', '/api/client/licenses', { token });

describe('licences of the logged-in customer', () => {
  it('creates a licence with normalised domains, the theme, active status and the period end', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await create(customer.accessToken, 'Boutique.FR', ' Ma-Boutique ');
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(messages.licences.created);
    expect(answer.body.license).toMatchObject({
      custom_domain: 'boutique.fr',
      shop_domain: 'ma-boutique.myshopify.com',
      theme_name: 'Thème Boutique',
      status: 'active',
    });
    const [subscription] = await server.db.query<{ current_period_end: Date }>(
      'SELECT current_period_end FROM subscriptions WHERE customer_id = $1',
      [customer.id],
    );
    expect(answer.body.license.expires_at).toBe(subscription?.current_period_end.toISOString());
    expect((await list(customer.accessToken)).body.licenses).toEqual([answer.body.license]);
  });

  it('updates and deletes its own licence', async () => {
    const customer = await loggedInCustomer(server);
    const { license } = (await create(customer.accessToken, 'boutique.fr')).body;
    const updated = await call<{ message: string; license: License }>(
      server,
      'PUT',
      `/api/client/licenses/${license._id}`,
      {
        token: customer.accessToken,
        body: { custom_domain: 'shop.boutique.fr', shop_domain: 'autre.myshopify.com' },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(messages.licences.updated);
    expect(updated.body.license).toMatchObject({
      custom_domain: 'shop.boutique.fr',
      shop_domain: 'autre.myshopify.com',
    });
    // Keeping its own domain is no conflict.
    const same = await call(server, 'PUT', `/api/client/licenses/${license._id}`, {
      token: customer.accessToken,
      body: { custom_domain: 'shop.boutique.fr', shop_domain: 'autre' },
    });
    expect(same.status).toBe(200);
    const deleted = await call(server, 'DELETE', `/api/client/licenses/${license._id}`, {
      token: customer.accessToken,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: messages.licences.deleted });
    expect((await list(customer.accessToken)).body.licenses).toEqual([]);
  });

  it("never shows or changes another customer's licence (404, nothing changes)", async () => {
    const alice = await loggedInCustomer(server);
    const bob = await loggedInCustomer(server);
    const { license } = (await create(bob.accessToken, 'bob.fr', 'bob')).body;
    expect((await list(alice.accessToken)).body.licenses).toEqual([]);
    const put = await call(server, 'PUT', `/api/client/licenses/${license._id}`, {
      token: alice.accessToken,
      body: { custom_domain: 'alice.fr', shop_domain: 'alice' },
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: messages.licences.notFound });
    const del = await call(server, 'DELETE', `/api/client/licenses/${license._id}`, {
      token: alice.accessToken,
    });
    expect(del.status).toBe(404);
    expect((await list(bob.accessToken)).body.licenses).toEqual([license]);
  });

  it('answers 404 for an unknown licence', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'DELETE', '/api/client/licenses/unknown-id', {
      token: customer.accessToken,
    });
    expect(answer.status).toBe(404);
  });

  it.each([
    ['basic', 1],
    ['scale', 3],
    ['business', 10],
  ])('stops at the %s plan limit of %i with the documented message', async (plan, limit) => {
    const customer = await loggedInCustomer(server, { plan });
    for (let index = 0; index < limit; index += 1) {
      expect((await create(customer.accessToken, `site${index}.fr`)).status).toBe(201);
    }
    const over = await create(customer.accessToken, 'one-too-many.fr');
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ message: messages.licences.limitWarning(limit) });
    expect(over.body).toEqual({
      message: `Vous avez atteint la limite de ${limit} ${limit > 1 ? 'licences' : 'licence'} de votre abonnement.`,
    });
    expect((await list(customer.accessToken)).body.licenses).toHaveLength(limit);
  });

  it('keeps the limit under concurrent creations', async () => {
    const customer = await loggedInCustomer(server, { plan: 'basic' });
    const answers = await Promise.all(
      ['a.fr', 'b.fr', 'c.fr'].map((domain) => create(customer.accessToken, domain)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403]);
  });

  it('needs an active subscription', async () => {
    const customer = await loggedInCustomer(server, {});
    const answer = await create(customer.accessToken, 'boutique.fr');
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: messages.subscriptionRules.subscriptionEnded });
  });

  it('answers 409 for a custom domain another licence has', async () => {
    const alice = await loggedInCustomer(server);
    const bob = await loggedInCustomer(server);
    await create(alice.accessToken, 'boutique.fr');
    const answer = await create(bob.accessToken, 'BOUTIQUE.fr');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: messages.licences.conflict });
    const own = (await create(bob.accessToken, 'bob.fr')).body.license;
    const update = await call(server, 'PUT', `/api/client/licenses/${own._id}`, {
      token: bob.accessToken,
      body: { custom_domain: 'boutique.fr', shop_domain: 'bob' },
    });
    expect(update.status).toBe(409);
  });

  it('validates both domains with the documented messages', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await create(customer.accessToken, 'pas un domaine', 'a.b');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: messages.licences.badRequest,
      errors: {
        custom_domain: messages.validation.customDomainInvalid,
        shop_domain: messages.validation.shopDomainInvalid,
      },
    });
    const blank = await create(customer.accessToken, '   ', '  ');
    expect(blank.body).toMatchObject({
      errors: {
        custom_domain: messages.validation.customDomainRequired,
        shop_domain: messages.validation.shopDomainRequired,
      },
    });
    const missing = await call(server, 'POST', '/api/client/licenses', {
      token: customer.accessToken,
      body: {},
    });
    expect(missing.body).toMatchObject({
      errors: {
        custom_domain: messages.validation.customDomainRequired,
        shop_domain: messages.validation.shopDomainRequired,
      },
    });
  });

  it('needs a customer token', async () => {
    expect((await call(server, 'GET', '/api/client/licenses')).status).toBe(401);
    const admin = await createAdmin(server);
    const tokens = await sessionFor(server, { kind: 'admin', id: admin.id });
    expect((await list(tokens.accessToken)).status).toBe(401);
  });
});

describe('admin licence calls', () => {
  it('lets an admin create, read and delete a licence for any customer, beyond the plan limit', async () => {
    const customer = await loggedInCustomer(server, { plan: 'basic' });
    await create(customer.accessToken, 'first.fr');
    const admin = await createAdmin(server);
    const { accessToken } = await sessionFor(server, { kind: 'admin', id: admin.id });
    const created = await call<{ license: License }>(server, 'POST', '/api/admin/licenses', {
      token: accessToken,
      body: {
        customer_id: customer.id,
        custom_domain: 'second.fr',
        shop_domain: 'second',
        expires_at: null,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.license).toMatchObject({
      shop_domain: 'second.myshopify.com',
      expires_at: null,
    });
    const id = created.body.license._id;
    const read = await call(server, 'GET', `/api/admin/licenses/${id}`, { token: accessToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      license: created.body.license,
      latest_version: latestThemeVersion,
    });
    expect((await list(customer.accessToken)).body.licenses).toHaveLength(2);
    expect(
      (await call(server, 'DELETE', `/api/admin/licenses/${id}`, { token: accessToken })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', `/api/admin/licenses/${id}`, { token: accessToken })).status,
    ).toBe(404);
  });

  it('answers 404 for an unknown customer and 409 for a taken domain', async () => {
    const customer = await loggedInCustomer(server);
    await create(customer.accessToken, 'taken.fr');
    const admin = await createAdmin(server);
    const { accessToken } = await sessionFor(server, { kind: 'admin', id: admin.id });
    const unknown = await call(server, 'POST', '/api/admin/licenses', {
      token: accessToken,
      body: { customer_id: 'nobody', custom_domain: 'x.fr', shop_domain: 'x' },
    });
    expect(unknown.status).toBe(404);
    const taken = await call(server, 'POST', '/api/admin/licenses', {
      token: accessToken,
      body: { customer_id: customer.id, custom_domain: 'taken.fr', shop_domain: 'x' },
    });
    expect(taken.status).toBe(409);
  });

  it('refuses a customer token with 403, and changes nothing', async () => {
    const customer = await loggedInCustomer(server);
    const { license } = (await create(customer.accessToken, 'mine.fr')).body;
    for (const [method, url, body] of [
      [
        'POST',
        '/api/admin/licenses',
        { customer_id: customer.id, custom_domain: 'x.fr', shop_domain: 'x' },
      ],
      ['GET', `/api/admin/licenses/${license._id}`, undefined],
      ['DELETE', `/api/admin/licenses/${license._id}`, undefined],
    ] as const) {
      const answer = await call(server, method, url, { token: customer.accessToken, body });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.http[403] });
    }
    expect((await list(customer.accessToken)).body.licenses).toEqual([license]);
    expect((await call(server, 'GET', `/api/admin/licenses/${license._id}`)).status).toBe(401);
  });
});
