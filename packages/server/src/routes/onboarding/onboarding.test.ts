import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.ts';
import { call, useTestServer, settleAll, snapshot } from '../../test/harness.ts';
import { INVITE_AUDIENCE } from './index.ts';
import {
  count,
  createCheckout,
  finalize,
  inviteFor,
  newAccount,
  onboardedCustomer,
  paidSession,
} from '../payments/test-support.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

describe('onboarding from a paid checkout session', () => {
  it('verify -> start -> finalize creates the customer, its subscription and a login session', async () => {
    const session = await paidSession(server, 'scale', 'yearly');

    const verified = await call(server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      planDetails: { id: 'scale', name: 'Scale', price: 407.89 },
      billingCycle: 'yearly',
      email: 'acheteur@example.test',
    });

    const invite = await inviteFor(server, session.id);
    const created = await finalize(server, invite);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(messages.signup.success);
    const customer = created.body.customer as Record<string, unknown>;
    expect(customer).toMatchObject({
      email: newAccount.email,
      first_name: 'Camille',
      last_name: 'Durand',
      company_name: 'Ma Boutique',
      shop_domain: 'maboutique.myshopify.com',
    });
    expect(customer.stripe_customer_id).toMatch(/^cus_sandbox_/);

    const [row] = await server.db.query<{ password_hash: string; newsletter: boolean }>(
      'SELECT password_hash, newsletter FROM customers WHERE id = $1',
      [customer._id],
    );
    expect(row?.newsletter).toBe(true);
    expect(row?.password_hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword(newAccount.password, row?.password_hash ?? '')).toBe(true);

    // The answered tokens work: the new customer sees the plan bought.
    const tokens = created.body.tokens as { accessToken: string; refreshToken: string };
    const current = await call(server, 'GET', '/api/client/subscription/current', {
      token: tokens.accessToken,
    });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      hasSubscription: true,
      subscription: { name: 'Scale' },
      usage: { licensesLimit: 3 },
    });

    // The session is spent.
    const again = await call(server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: texts.payments.sessionUsed });
    expect(
      (
        await call(server, 'POST', '/api/onboarding/register/start', {
          body: { session_id: session.id },
        })
      ).status,
    ).toBe(409);
    expect(
      (await finalize(server, invite, { ...newAccount, email: 'autre@example.test' })).status,
    ).toBe(409);
    expect(await count(server, 'customers')).toBe(1);
  });

  it('the paid session decides the plan, whatever planId and billingCycle the body claims', async () => {
    const session = await paidSession(server, 'basic', 'monthly');
    const created = await finalize(server, await inviteFor(server, session.id), {
      ...newAccount,
      planId: 'business',
      billingCycle: 'yearly',
    });
    expect(created.status).toBe(201);
    const [row] = await server.db.query<{ plan_id: string; billing_cycle: string }>(
      'SELECT plan_id, billing_cycle FROM subscriptions',
    );
    expect(row).toEqual({ plan_id: 'basic', billing_cycle: 'monthly' });
  });

  it('a missing session id is a 400; an unknown one 404', async () => {
    const missing = await call(server, 'POST', '/api/onboarding/register/start', { body: {} });
    expect(missing.status).toBe(400);
    const unknownVerify = await call(server, 'GET', '/api/onboarding/sessions/cs_sandbox_nope');
    expect(unknownVerify.status).toBe(404);
    const unknownStart = await call(server, 'POST', '/api/onboarding/register/start', {
      body: { session_id: 'cs_sandbox_nope' },
    });
    expect(unknownStart.status).toBe(404);
  });

  it('an unpaid session: verify says no, start is refused', async () => {
    const session = await createCheckout(server);
    const verified = await call(server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: false, message: messages.onboarding.invalidSession });
    const start = await call(server, 'POST', '/api/onboarding/register/start', {
      body: { session_id: session.id },
    });
    expect(start.status).toBe(403);
    expect(start.body).toEqual({ message: messages.onboarding.invalidSession });
  });

  it('an expired session: verify says no, start is refused', async () => {
    const session = await createCheckout(server);
    await server.db.query(
      "UPDATE checkout_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [session.id],
    );
    const verified = await call(server, 'GET', `/api/onboarding/sessions/${session.id}`);
    expect(verified.body).toEqual({ success: false, message: messages.onboarding.invalidSession });
    const start = await call(server, 'POST', '/api/onboarding/register/start', {
      body: { session_id: session.id },
    });
    expect(start.status).toBe(403);
  });

  it('finalize refuses a missing, forged, expired or access token, and creates nothing', async () => {
    const session = await paidSession(server);
    const invite = await inviteFor(server, session.id);
    const none = await call(server, 'POST', '/api/onboarding/register/finalize', {
      body: newAccount,
    });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: texts.payments.inviteInvalid });
    const forged = `${invite.slice(0, -4)}AAAA`;
    expect((await finalize(server, forged)).status).toBe(401);
    // An access token (another audience) is no invite.
    const access = await server.app.tokens.sign(
      {},
      { audience: server.config.jwtAudience, ttlSeconds: 600, subject: session.id },
    );
    expect((await finalize(server, access)).status).toBe(401);
    // An invite for a session that was never paid.
    const unpaid = await createCheckout(server);
    const unpaidInvite = await server.app.tokens.sign(
      {},
      { audience: INVITE_AUDIENCE, ttlSeconds: 600, subject: unpaid.id },
    );
    expect((await finalize(server, unpaidInvite)).status).toBe(403);
    // 30 minutes later the invite has expired.
    server.clock.advance(31 * 60);
    expect((await finalize(server, invite)).status).toBe(401);
    expect(await count(server, 'customers')).toBe(0);
    expect(await count(server, 'checkout_sessions WHERE used_at IS NOT NULL')).toBe(0);
  });

  it('an email already registered answers 409 on the email field and leaves the session usable', async () => {
    const first = await paidSession(server);
    expect((await finalize(server, await inviteFor(server, first.id))).status).toBe(201);
    const second = await paidSession(server);
    const invite = await inviteFor(server, second.id);
    const taken = await finalize(server, invite, {
      ...newAccount,
      email: newAccount.email.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: messages.onboarding.emailTaken,
      errors: { email: messages.onboarding.emailTaken },
    });
    const retried = await finalize(server, invite, { ...newAccount, email: 'deux@example.test' });
    expect(retried.status).toBe(201);
    // Two accounts from one company name still get distinct shop domains.
    const domains = await server.db.query<{ shop_domain: string }>(
      'SELECT shop_domain FROM customers ORDER BY created_at',
    );
    expect(new Set(domains.map((d) => d.shop_domain)).size).toBe(2);
  });

  // docs/product.md#new-passwords: the one rule of every new password, in the forms' words.
  it('a weak password is refused with the new-password rule and leaves the session usable', async () => {
    const session = await paidSession(server);
    const invite = await inviteFor(server, session.id);
    for (const [password, message] of [
      ['abcdefgh', messages.validation.passwordComplexity],
      ['motdepasse1', messages.validation.passwordComplexity],
      ['Court1A', messages.validation.passwordMin8],
    ] as const) {
      const weak = await finalize(server, invite, { ...newAccount, password });
      expect(weak.status).toBe(400);
      expect(weak.body).toEqual({ message: messages.http[422], errors: { password: message } });
    }
    expect(await count(server, 'customers')).toBe(0);
    expect((await finalize(server, invite)).status).toBe(201);
  });

  it('10 concurrent finalize calls for one paid session create exactly one account and one subscription', async () => {
    const session = await paidSession(server);
    const invite = await inviteFor(server, session.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        finalize(server, invite, { ...newAccount, email: `client${index}@example.test` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toEqual({ message: texts.payments.sessionUsed });
    }
    expect(await count(server, 'customers')).toBe(1);
    expect(await count(server, 'subscriptions')).toBe(1);
    expect(await count(server, 'refresh_tokens')).toBe(1);
  });

  it('a session already used by another customer is refused by verify, start and finalize, changing nothing', async () => {
    const first = await onboardedCustomer(server, 'scale', 'yearly', 'premier@example.test');
    // An invite minted for that session (as a stolen or replayed one would be).
    const replayed = await server.app.tokens.sign(
      {},
      { audience: INVITE_AUDIENCE, ttlSeconds: 600, subject: first.sessionId },
    );
    const before = await snapshot(server.db, ['customers', 'subscriptions', 'checkout_sessions']);
    const answers = await settleAll([
      call(server, 'GET', `/api/onboarding/sessions/${first.sessionId}`),
      call(server, 'POST', '/api/onboarding/register/start', {
        body: { session_id: first.sessionId },
      }),
      finalize(server, replayed, { ...newAccount, email: 'second@example.test' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe('fulfilled');
      if (answer.status !== 'fulfilled') continue;
      expect(answer.value.status).toBe(409);
      expect(answer.value.body).toEqual({ message: texts.payments.sessionUsed });
    }
    expect(await snapshot(server.db, ['customers', 'subscriptions', 'checkout_sessions'])).toEqual(
      before,
    );
  });
});
