import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import {
  call,
  createAdmin,
  createCustomer,
  useTestServer,
  loggedInCustomer,
} from '../../test/harness.ts';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

const server = useTestServer();

const login = (email: string, password: string, ip = '10.0.0.1') =>
  call<{ message: string; tokens: Tokens; customer?: { _id: string }; admin?: { role: string } }>(
    server,
    'POST',
    '/api/client/auth/login',
    { body: { email, password }, remoteAddress: ip },
  );
const refresh = (refreshToken: string) =>
  call<Tokens>(server, 'POST', '/auth/refresh', { body: { refreshToken } });
const profile = (token: string) => call(server, 'GET', '/api/client/profile', { token });

describe('login', () => {
  it('answers the customer and a token pair', async () => {
    const customer = await createCustomer(server, { email: 'Marie@Example.test' });
    const answer = await login('marie@example.test', customer.password);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.auth.loginSuccess);
    expect(answer.body.customer?._id).toBe(customer.id);
    expect((await profile(answer.body.tokens.accessToken)).status).toBe(200);
  });

  it('answers an admin with role admin', async () => {
    const admin = await createAdmin(server);
    const answer = await login(admin.email, admin.password);
    expect(answer.status).toBe(200);
    expect(answer.body.admin?.role).toBe('admin');
    expect(answer.body.customer).toBeUndefined();
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const customer = await createCustomer(server);
    const unknown = await login('nobody@example.test', 'Whatever1');
    const wrong = await login(customer.email, 'Whatever1');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ message: messages.auth.invalidCredentials });
  });

  it('answers 429 with Retry-After after 5 failures on one account, from any address', async () => {
    const customer = await createCustomer(server);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(customer.email, 'Wrong1234', `10.0.1.${attempt}`)).status).toBe(401);
    }
    const blocked = await login(customer.email, customer.password, '10.0.2.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: messages.http[429] });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The counter lives in the database, not in this process.
    const [row] = await server.db.query<{ failures: number }>(
      'SELECT failures FROM login_attempts WHERE key = $1',
      [`account:${customer.email}`],
    );
    expect(row?.failures).toBe(5);
    server.clock.advance(retryAfter);
    expect((await login(customer.email, customer.password, '10.0.2.1')).status).toBe(200);
  });

  it('answers 429 after 20 failures from one address, whatever the accounts', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await login(`someone${attempt}@example.test`, 'Wrong1234')).status).toBe(401);
    }
    const customer = await createCustomer(server);
    const blocked = await login(customer.email, customer.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(customer.email, customer.password, '10.9.9.9')).status).toBe(200);
  });

  it('forgets failures after a success on the account', async () => {
    const customer = await createCustomer(server);
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(customer.email, 'Wrong1234');
    expect((await login(customer.email, customer.password)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(customer.email, 'Wrong1234')).status).toBe(401);
    }
  });
});

describe('refresh token rotation', () => {
  it('exchanges a refresh token once for a new working pair', async () => {
    const customer = await loggedInCustomer(server);
    const first = await refresh(customer.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(customer.refreshToken);
    expect((await profile(first.body.accessToken)).status).toBe(200);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const customer = await loggedInCustomer(server);
    const rotated = await refresh(customer.refreshToken);
    expect(rotated.status).toBe(200);
    const replay = await refresh(customer.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: messages.http.refreshFailed });
    // The thief's copy and the legitimate newer token are both dead now.
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await profile(rotated.body.accessToken)).status).toBe(401);
    expect((await profile(customer.accessToken)).status).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const customer = await loggedInCustomer(server);
    const answers = await Promise.all([
      refresh(customer.refreshToken),
      refresh(customer.refreshToken),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('never extends a session past the family lifetime', async () => {
    const customer = await loggedInCustomer(server);
    let token = customer.refreshToken;
    // Rotating every 6 days keeps each token fresh, but the family ends after 30 days.
    for (let day = 6; day < 30; day += 6) {
      server.clock.advance(6 * 24 * 3600);
      const answer = await refresh(token);
      expect(answer.status).toBe(200);
      token = answer.body.refreshToken;
    }
    server.clock.advance(6 * 24 * 3600);
    expect((await refresh(token)).status).toBe(401);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    const customer = await loggedInCustomer(server);
    server.clock.advance(8 * 24 * 3600);
    expect((await refresh(customer.refreshToken)).status).toBe(401);
  });

  it('lets an access token expire after 15 minutes', async () => {
    const customer = await loggedInCustomer(server);
    server.clock.advance(14 * 60);
    expect((await profile(customer.accessToken)).status).toBe(200);
    server.clock.advance(2 * 60);
    expect((await profile(customer.accessToken)).status).toBe(401);
  });

  it('refuses a token signed with another secret or for another audience', async () => {
    const forged = await server.app.tokens.sign(
      { kind: 'customer', sid: 'x' },
      { audience: 'someone-else', ttlSeconds: 60, subject: 'x' },
    );
    expect((await profile(forged)).status).toBe(401);
    expect((await profile('abc.def.ghi')).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: its refresh and access tokens stop working', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'POST', '/admin/auth/logout', {
      token: customer.accessToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: messages.auth.logoutSuccess });
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    expect((await profile(customer.accessToken)).status).toBe(401);
  });

  it('leaves the account other sessions alone', async () => {
    const customer = await createCustomer(server);
    const one = await login(customer.email, customer.password);
    const two = await login(customer.email, customer.password);
    await call(server, 'POST', '/admin/auth/logout', { token: one.body.tokens.accessToken });
    expect((await profile(two.body.tokens.accessToken)).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call(server, 'POST', '/admin/auth/logout')).status).toBe(401);
  });
});

describe('register', () => {
  const body = {
    email: 'Nouveau@Example.test',
    password: 'Secret123',
    first_name: 'Jeanne',
    last_name: 'Dupont',
    shop_domain: 'LaBoutique',
  };

  it('creates the customer with a normalised shop domain, who can then log in', async () => {
    const answer = await call<{
      message: string;
      customer: { email: string; shop_domain: string };
    }>(server, 'POST', '/api/client/auth/register', { body });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(messages.signup.success);
    expect(answer.body.customer.shop_domain).toBe('laboutique.myshopify.com');
    expect(answer.body.customer.email).toBe('nouveau@example.test');
    expect((await login('nouveau@example.test', 'Secret123')).status).toBe(200);
  });

  it('answers 409 for an email or a shop already taken', async () => {
    await call(server, 'POST', '/api/client/auth/register', { body });
    const sameEmail = await call(server, 'POST', '/api/client/auth/register', {
      body: { ...body, shop_domain: 'autre' },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ errors: { email: messages.onboarding.emailTaken } });
    const sameShop = await call(server, 'POST', '/api/client/auth/register', {
      body: { ...body, email: 'autre@example.test', shop_domain: 'laboutique.myshopify.com' },
    });
    expect(sameShop.status).toBe(409);
    expect(sameShop.body).toMatchObject({ message: messages.profile.conflict });
  });

  it('answers 429 after 20 registrations from one address', async () => {
    for (let index = 0; index < 20; index += 1) {
      const answer = await call(server, 'POST', '/api/client/auth/register', {
        body: { ...body, email: `n${index}@example.test`, shop_domain: `shop${index}` },
        remoteAddress: '10.3.3.3',
      });
      expect(answer.status).toBe(201);
    }
    const blocked = await call(server, 'POST', '/api/client/auth/register', {
      body: { ...body, email: 'n21@example.test', shop_domain: 'shop21' },
      remoteAddress: '10.3.3.3',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 400 naming the fields in French', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/register', {
      body: { ...body, email: 'pas-un-email', password: 'court', shop_domain: 'a b' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: messages.http[422],
      // The contract states the shop rule too, so every refused field is named at once.
      errors: {
        email: messages.validation.emailInvalid,
        password: messages.validation.passwordMin8,
        shop_domain: messages.validation.shopDomainInvalid,
      },
    });
    const shop = await call(server, 'POST', '/api/client/auth/register', {
      body: { ...body, shop_domain: 'a b' },
    });
    expect(shop.body).toMatchObject({
      errors: { shop_domain: messages.validation.shopDomainInvalid },
    });
  });

  // docs/product.md#new-passwords: the one rule of every new password, in the forms' words.
  it.each([
    ['abcdefgh', messages.validation.passwordComplexity],
    ['ABCDEFG1', messages.validation.passwordComplexity],
    ['Abcdefgh', messages.validation.passwordComplexity],
    ['Court1A', messages.validation.passwordMin8],
  ])('refuses the new password %s, creating nothing', async (password, message) => {
    const answer = await call(server, 'POST', '/api/client/auth/register', {
      body: { ...body, password },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: messages.http[422], errors: { password: message } });
    expect(await server.db.query('SELECT 1 FROM customers')).toHaveLength(0);
  });
});

describe('forgot and reset password', () => {
  async function resetLink(email: string): Promise<string> {
    const answer = await call(server, 'POST', '/admin/auth/forgot-password', { body: { email } });
    expect(answer.status).toBe(200);
    const [mail] = await server.db.query<{ payload: { link: string }; recipient: string }>(
      `SELECT payload, recipient FROM outbox WHERE kind = 'password-reset' ORDER BY created_at DESC`,
    );
    expect(mail?.recipient).toBe(email);
    return new URL(mail?.payload.link ?? '').searchParams.get('token') ?? '';
  }

  it('keeps the link in the outbox; the token resets the password once', async () => {
    const customer = await loggedInCustomer(server);
    const token = await resetLink(customer.email);
    const reset = await call(server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'Nouveau123' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: messages.auth.resetSuccess });
    expect((await login(customer.email, 'Nouveau123')).status).toBe(200);
    expect((await login(customer.email, customer.password)).status).toBe(401);
    // Sessions opened with the old password end.
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    const again = await call(server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'Encore1234' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: messages.auth.resetTokenInvalid });
  });

  it('refuses an expired token', async () => {
    const customer = await createCustomer(server);
    const token = await resetLink(customer.email);
    server.clock.advance(3601);
    const answer = await call(server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'Nouveau123' },
    });
    expect(answer.status).toBe(400);
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const answer = await call(server, 'POST', '/admin/auth/forgot-password', {
      body: { email: 'nobody@example.test' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: messages.auth.resetLinkSent });
    expect(await server.db.query('SELECT 1 FROM outbox')).toHaveLength(0);
  });

  it('applies the new-password rules', async () => {
    const customer = await createCustomer(server);
    const token = await resetLink(customer.email);
    const answer = await call(server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'sansmajuscule1' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: { password: messages.validation.passwordComplexity },
    });
  });
});

describe('change password', () => {
  const change = (token: string, body: Record<string, string>) =>
    call(server, 'PUT', '/api/client/auth/change-password', { token, body });

  it('answers 401 when the current password is wrong', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await change(customer.accessToken, {
      current_password: 'Wrong1234',
      new_password: 'Nouveau123',
      confirm_password: 'Nouveau123',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: messages.password.currentIncorrect });
  });

  it.each([
    ['Court1A', 'Court1A', 'new_password', messages.validation.passwordMin8],
    ['SANSMINUSCULE1', 'SANSMINUSCULE1', 'new_password', messages.validation.passwordComplexity],
    ['sansmajuscule1', 'sansmajuscule1', 'new_password', messages.validation.passwordComplexity],
    ['SansChiffre', 'SansChiffre', 'new_password', messages.validation.passwordComplexity],
    ['Nouveau123', 'Nouveau124', 'confirm_password', messages.validation.passwordsMismatch],
  ])('refuses %s / %s (%s)', async (next, confirm, field, message) => {
    const customer = await loggedInCustomer(server);
    const answer = await change(customer.accessToken, {
      current_password: customer.password,
      new_password: next,
      confirm_password: confirm,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { [field]: message } });
  });

  it('changes the password and ends the other sessions only', async () => {
    const customer = await loggedInCustomer(server);
    const other = await login(customer.email, customer.password);
    const answer = await change(customer.accessToken, {
      current_password: customer.password,
      new_password: 'Nouveau123',
      confirm_password: 'Nouveau123',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: messages.password.changeSuccess });
    expect((await profile(customer.accessToken)).status).toBe(200);
    expect((await profile(other.body.tokens.accessToken)).status).toBe(401);
    expect((await login(customer.email, 'Nouveau123')).status).toBe(200);
  });
});
