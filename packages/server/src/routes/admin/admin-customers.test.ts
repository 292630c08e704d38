import { messages } from '@portal/core/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, createCustomer, loggedInAdmin, useTestServer } from '../../test/harness.ts';
import { createCheckout, onboardedCustomer, submitPayment } from '../payments/test-support.ts';

interface Summary {
  _id: string;
  kind: 'account' | 'pending_account';
  email: string;
  shop_domain: string | null;
}
interface Listed {
  customers: Summary[];
  total: number;
  page: number;
  per_page: number;
}

const server = useTestServer();

async function adminToken() {
  const admin = await loggedInAdmin(server);
  return { ...admin, token: admin.accessToken };
}

const list = (token: string, query: string) =>
  call<Listed & { message?: string }>(server, 'GET', `/api/admin/customers?${query}`, { token });

describe('the back office customer search', () => {
  it('finds a customer by its email, domain, names, company, shop or a licence domain, paged with a total', async () => {
    const admin = await adminToken();
    const found = await createCustomer(server, {
      email: 'support.test@atelier-rouge.fr',
      shop: 'atelier-rouge.myshopify.com',
    });
    await server.db.query(
      `UPDATE customers SET first_name = 'Gaëlle', last_name = 'Lemoine', company_name = 'Atelier Rouge SARL'
       WHERE id = $1`,
      [found.id],
    );
    await server.db.query(
      `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status)
       VALUES ('lic_1', $1, 'www.rouge-boutique.fr', 'atelier-rouge.myshopify.com', 'Thème Boutique', 'active')`,
      [found.id],
    );
    for (let at = 0; at < 3; at += 1) await createCustomer(server);
    for (const q of [
      'SUPPORT.test',
      '@atelier-rouge',
      'gaëlle',
      'lemoine',
      'Gaëlle   Lemoine',
      'atelier rouge',
      'atelier-rouge.my',
      'rouge-boutique',
      'www.rouge',
      found.id,
    ]) {
      const answer = await list(admin.token, `q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      expect(
        answer.body.customers.map((customer) => customer.email),
        q,
      ).toEqual([found.email]);
      expect(answer.body.total).toBe(1);
    }
    // `%` and `_` are plain characters, not patterns.
    expect((await list(admin.token, 'q=%25')).body.total).toBe(0);
    expect((await list(admin.token, 'q=support_test')).body.total).toBe(0);
    const page = await list(admin.token, 'per_page=2&page=2&sort=email&order=asc');
    expect(page.body).toMatchObject({ total: 4, page: 2, per_page: 2 });
    const all = await list(admin.token, 'per_page=100&sort=email&order=asc');
    const emails = all.body.customers.map((customer) => customer.email);
    expect(emails).toEqual([...emails].sort());
    expect(page.body.customers.map((customer) => customer.email)).toEqual(emails.slice(2, 4));
  });

  it('refuses an unknown sort key and a search too long with a French message', async () => {
    const admin = await adminToken();
    const sort = await list(admin.token, 'sort=password_hash');
    expect(sort.status).toBe(400);
    const long = await list(admin.token, `q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: { q: messages.admin.searchTooLong } });
  });

  it('answers any typed search with results or a French 400, never a 5xx', async () => {
    const admin = await adminToken();
    await createCustomer(server, { email: "o'brien\\x@example.test" });
    const paths = ['/api/admin/customers', '/api/admin/licenses', '/api/admin/journal'];
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom(
        '%',
        '_',
        "'",
        '"',
        '\\',
        '\\%',
        "'; DROP TABLE customers; --",
        '\u0000',
        'a\u0000b',
        '@',
        '@@',
        'www.',
        'x'.repeat(10_000),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), hostile, async (path, q) => {
        const answer = await call<{ message?: string }>(
          server,
          'GET',
          `${path}?q=${encodeURIComponent(q)}`,
          {
            token: admin.token,
          },
        );
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) expect(answer.body.message).toMatch(/[a-zé]/);
      }),
      { numRuns: 60 },
    );
  });
});

describe('one customer as support sees it', () => {
  it('shows the subscription, its history, licences and mails without their links, and sends a reset link', async () => {
    const admin = await adminToken();
    const bought = await onboardedCustomer(server, 'scale', 'monthly', 'cliente@example.test');
    const id = bought.customer._id;
    const reset = await call<{ message: string }>(
      server,
      'POST',
      `/api/admin/customers/${id}/password-reset`,
      {
        token: admin.token,
        body: { reason: 'Demande au support' },
      },
    );
    expect(reset.status).toBe(202);
    expect(reset.body).toEqual({ message: messages.admin.passwordResetSent });
    const detail = await call<{
      customer: Summary;
      subscription: { plan_id: string; billing_cycle: string; status: string } | null;
      history: { type: string; amount_cents: number | null }[];
      mails: { kind: string }[];
      actions: Record<string, boolean>;
    }>(server, 'GET', `/api/admin/customers/${id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.customer).toMatchObject({ kind: 'account', email: 'cliente@example.test' });
    expect(detail.body.subscription).toMatchObject({
      plan_id: 'scale',
      billing_cycle: 'monthly',
      status: 'active',
    });
    expect(detail.body.history.map((event) => event.type)).toContain('checkout_paid');
    expect(detail.body.history.find((event) => event.type === 'checkout_paid')?.amount_cents).toBe(
      3999,
    );
    expect(detail.body.mails.map((mail) => mail.kind)).toContain('password-reset');
    expect(detail.body.actions).toEqual({
      resend_onboarding_link: false,
      send_password_reset: true,
    });
    // The reset link's secret is in the outbox, never in the back office's answer.
    const [mail] = await server.db.query<{ payload: { link?: string; resetUrl?: string } }>(
      `SELECT payload FROM outbox WHERE kind = 'password-reset'`,
    );
    const link = mail?.payload.link ?? mail?.payload.resetUrl ?? '';
    expect(link).not.toBe('');
    expect(JSON.stringify(detail.body)).not.toContain(new URL(link).search.slice(1));
    const events = await call<{
      events: { type: string; reason: string | null; actor: { id: string | null } }[];
    }>(server, 'GET', `/api/admin/journal?customer_id=${id}&type=password_reset_sent`, {
      token: admin.token,
    });
    expect(events.body.events).toMatchObject([
      { type: 'password_reset_sent', reason: 'Demande au support', actor: { id: admin.id } },
    ]);
    expect(
      (
        await call(server, 'POST', `/api/admin/customers/${id}/onboarding-link`, {
          token: admin.token,
        })
      ).status,
    ).toBe(409);
  });

  it('lists a payment awaiting its account and resends its account-creation link, journaled', async () => {
    const admin = await adminToken();
    const session = await createCheckout(server, 'basic', 'monthly');
    expect(
      (await submitPayment(server, session.id, '4242 4242 4242 4242', 'paye@example.test'))
        .statusCode,
    ).toBe(303);
    const found = await list(admin.token, 'q=paye@');
    expect(found.body.customers).toMatchObject([
      { kind: 'pending_account', email: 'paye@example.test' },
    ]);
    const pendingId = found.body.customers[0]?._id ?? '';
    const sent = await call(server, 'POST', `/api/admin/customers/${pendingId}/onboarding-link`, {
      token: admin.token,
      body: { reason: 'Lien perdu' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ message: messages.admin.onboardingLinkSent });
    const refused = await call(server, 'POST', `/api/admin/customers/${pendingId}/password-reset`, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: messages.admin.noAccountYet });
    const journal = await call<{ events: { type: string; reason: string | null }[] }>(
      server,
      'GET',
      '/api/admin/journal?type=onboarding_link_sent',
      { token: admin.token },
    );
    expect(journal.body.events).toMatchObject([
      { type: 'onboarding_link_sent', reason: 'Lien perdu' },
    ]);
    expect(
      (await call(server, 'GET', '/api/admin/customers/inconnu', { token: admin.token })).status,
    ).toBe(404);
  });
});
