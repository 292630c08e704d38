import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import {
  call,
  createAdmin,
  useTestServer,
  loggedInCustomer,
  sessionFor,
} from '../../test/harness.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

const valid = {
  first_name: 'Camille',
  last_name: 'Durand',
  shop_domain: 'camille-shop',
  phone: '+33 6 12 34 56 78',
  company_name: 'Camille SARL',
};

describe('profile', () => {
  it('answers the customer behind the token, or the admin', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'GET', '/api/client/profile', {
      token: customer.accessToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ customer: { _id: customer.id, email: customer.email } });
    const admin = await createAdmin(server);
    const tokens = await sessionFor(server, { kind: 'admin', id: admin.id });
    const adminAnswer = await call(server, 'GET', '/api/client/profile', {
      token: tokens.accessToken,
    });
    expect(adminAnswer.body).toMatchObject({ admin: { _id: admin.id, role: 'admin' } });
    expect((await call(server, 'GET', '/api/client/profile')).status).toBe(401);
  });

  it('updates the profile, normalising the shop domain; an absent email keeps the current one', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: valid,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: messages.profile.updateSuccess,
      customer: {
        _id: customer.id,
        email: customer.email,
        first_name: 'Camille',
        last_name: 'Durand',
        shop_domain: 'camille-shop.myshopify.com',
        phone: '+33 6 12 34 56 78',
        company_name: 'Camille SARL',
        stripe_customer_id: null,
      },
    });
    const cleared = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: { first_name: 'Camille', last_name: 'Durand', shop_domain: 'camille-shop' },
    });
    expect(cleared.body).toMatchObject({ customer: { phone: null, company_name: null } });
  });

  it('answers 409 when the email or the shop domain belongs to someone else', async () => {
    const alice = await loggedInCustomer(server);
    const bob = await loggedInCustomer(server);
    const email = await call(server, 'PUT', '/api/client/profile', {
      token: alice.accessToken,
      body: { ...valid, email: bob.email.toUpperCase() },
    });
    expect(email.status).toBe(409);
    expect(email.body).toEqual({
      message: messages.profile.conflict,
      errors: { email: messages.profile.conflict },
    });
    const shop = await call(server, 'PUT', '/api/client/profile', {
      token: alice.accessToken,
      body: { ...valid, shop_domain: bob.shop_domain },
    });
    expect(shop.status).toBe(409);
    expect(shop.body).toMatchObject({ errors: { shop_domain: messages.profile.conflict } });
  });

  it('applies the documented rules with their messages', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: { ...valid, first_name: 'A', email: 'pas-un-email', phone: '06 12' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: messages.http[422],
      errors: {
        first_name: messages.validation.firstNameLength,
        email: messages.validation.emailInvalid,
      },
    });
    const phone = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: { ...valid, phone: '0612345678' },
    });
    expect(phone.body).toMatchObject({ errors: { phone: messages.validation.phoneInvalid } });
    const missing = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: { first_name: 'Camille', last_name: 'Durand' },
    });
    expect(missing.body).toMatchObject({
      errors: { shop_domain: messages.validation.domainRequired },
    });
    const blankName = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: { ...valid, last_name: '    ' },
    });
    expect(blankName.body).toMatchObject({
      errors: { last_name: messages.validation.lastNameRequired },
    });
    const company = await call(server, 'PUT', '/api/client/profile', {
      token: customer.accessToken,
      body: { ...valid, company_name: 'x'.repeat(101) },
    });
    expect(company.body).toMatchObject({
      errors: { company_name: messages.validation.companyNameTooLong },
    });
  });
});

describe('preferences, billing and account deletion', () => {
  it('stores preferences and billing details', async () => {
    const customer = await loggedInCustomer(server);
    const preferences = { theme: 'dark', language: 'fr', notifications: false };
    const saved = await call(server, 'PUT', '/customers/preferences', {
      token: customer.accessToken,
      body: preferences,
    });
    // The answer states the release mails' switch, on while never turned off (docs/product.md#theme-releases).
    expect(saved.body).toEqual({
      message: texts.customers.preferencesSaved,
      preferences: { ...preferences, theme_update_emails: true },
    });
    const billing = {
      address_line1: '1 rue de la Paix',
      postal_code: '75002',
      city: 'Paris',
      country: 'FR',
    };
    const billed = await call(server, 'PUT', '/customers/billing', {
      token: customer.accessToken,
      body: billing,
    });
    expect(billed.body).toEqual({ message: texts.customers.billingSaved, billing });
    const [row] = await server.db.query<{ preferences: unknown; billing: unknown }>(
      'SELECT preferences, billing FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(row).toEqual({
      preferences: { ...preferences, theme_update_emails: true },
      billing,
    });
    const bad = await call(server, 'PUT', '/customers/billing', {
      token: customer.accessToken,
      body: { ...billing, country: 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { country: texts.validation.fieldInvalid } });
  });

  it("answers 401 'Mot de passe incorrect' and keeps the account when the password is wrong", async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'DELETE', '/customers/account', {
      token: customer.accessToken,
      body: { password: 'Wrong1234' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Mot de passe incorrect' });
    expect(
      (await call(server, 'GET', '/api/client/profile', { token: customer.accessToken })).status,
    ).toBe(200);
  });

  it('deletes the account, its licences and sessions', async () => {
    const customer = await loggedInCustomer(server);
    await call(server, 'POST', '/api/client/licenses', {
      token: customer.accessToken,
      body: { custom_domain: 'bye.fr', shop_domain: 'bye' },
    });
    const answer = await call(server, 'DELETE', '/customers/account', {
      token: customer.accessToken,
      body: { password: customer.password },
    });
    expect(answer.status).toBe(204);
    expect(
      (await call(server, 'GET', '/api/client/profile', { token: customer.accessToken })).status,
    ).toBe(401);
    expect(await server.db.query('SELECT 1 FROM licences')).toHaveLength(0);
    expect(await server.db.query('SELECT 1 FROM refresh_tokens')).toHaveLength(0);
    const refresh = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: customer.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });
});
