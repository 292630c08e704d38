import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../auth/tokens.ts';
import { enqueueMail } from '../../mail/outbox.repo.ts';
import {
  call,
  createCustomer,
  createTestServer,
  expectNoTokenInLogs,
  useTestServer,
} from '../../test/harness.ts';

const logLines: string[] = [];
// The default run: no SMTP_URL, the sandbox provider on.
const server = useTestServer({ logLines });
beforeEach(() => {
  logLines.length = 0;
});

async function page(url: string) {
  return server.app.inject({ method: 'GET', url });
}

/** The reset link of the newest mail, read back from the outbox. */
async function latestLink(): Promise<{ id: string; link: string }> {
  const [row] = await server.db.query<{ id: string; payload: { link: string } }>(
    'SELECT id, payload FROM outbox ORDER BY created_at DESC LIMIT 1',
  );
  return { id: row?.id ?? '', link: row?.payload.link ?? '' };
}

describe('sandbox mailbox (no SMTP_URL)', () => {
  it('lists the delivered reset mail, newest first, and shows it with its link', async () => {
    const first = await createCustomer(server);
    const second = await createCustomer(server);
    for (const customer of [first, second]) {
      const answer = await call(server, 'POST', '/admin/auth/forgot-password', {
        body: { email: customer.email },
      });
      expect(answer.status).toBe(200);
      server.clock.advance(1);
    }
    // Queued mails reach the mailbox when the worker delivers them.
    expect((await page('/sandbox/mailbox')).body).toContain('Aucun mail pour le moment.');
    expect(await server.app.mail.drain()).toBe(2);

    const list = await page('/sandbox/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('<html lang="fr">');
    expect(list.body).toContain('Boîte mail de test');
    expect(list.body).toContain('Réinitialisation de votre mot de passe');
    // Newest first.
    expect(list.body.indexOf(second.email)).toBeGreaterThan(-1);
    expect(list.body.indexOf(second.email)).toBeLessThan(list.body.indexOf(first.email));

    const { id, link } = await latestLink();
    expect(list.body).toContain(`href="/sandbox/mailbox/${id}"`);
    const message = await page(`/sandbox/mailbox/${id}`);
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('<h1>Réinitialisation de votre mot de passe</h1>');
    expect(message.body).toContain(second.email);
    expect(message.body).toContain('Theme Portal &lt;no-reply@theme-portal.test&gt;');
    // The plain text part, its link clickable.
    expect(message.body).toContain(`<a href="${link}">${link}</a>`);
    // The HTML part, escaped into a sandboxed frame's srcdoc.
    expect(message.body).toMatch(
      /<iframe title="Contenu HTML du mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="&lt;!doctype html&gt;/,
    );
    expect(message.body).toContain(`&lt;a href=&quot;${link}&quot;`);
    // No script anywhere, under the server's CSP.
    expect(message.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    const csp = String(message.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(message.headers['x-content-type-options']).toBe('nosniff');
  });

  it('logs each delivery at info, never the link', async () => {
    const customer = await createCustomer(server);
    await call(server, 'POST', '/admin/auth/forgot-password', { body: { email: customer.email } });
    await server.app.mail.drain();
    const { id, link } = await latestLink();
    const delivered = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'mail delivered');
    expect(delivered).toMatchObject({
      level: 30,
      mail: id,
      kind: 'password-reset',
      recipient: customer.email,
      via: 'mailbox',
    });
    expectNoTokenInLogs(logLines, [new URL(link).searchParams.get('token') ?? '']);
  });

  it('escapes what a mail holds', async () => {
    const id = newId();
    await enqueueMail(server.db, {
      id,
      kind: 'password-reset',
      recipient: 'a@example.test',
      payload: {
        link: 'http://127.0.0.1:3000/reset-password?token=x&y="><script>alert(1)</script>',
        expiresAt: '2030-01-01T00:00:00.000Z',
        validMinutes: 60,
      },
      created_at: server.clock.now(),
    });
    await server.app.mail.drain();
    const message = await page(`/sandbox/mailbox/${id}`);
    expect(message.statusCode).toBe(200);
    expect(message.body).not.toContain('<script>');
    expect(message.body).toContain('&lt;script&gt;');
  });

  it('answers 404 for a mail it does not hold, 4xx for any id', async () => {
    const missing = await page('/sandbox/mailbox/inconnu');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Mail introuvable');
    for (const id of ['%00', '%FF', 'x'.repeat(500), "'%20OR%201=1"]) {
      const answer = await page(`/sandbox/mailbox/${id}`);
      expect(answer.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, id).toBeLessThan(500);
    }
  });
});

describe('no sandbox mailbox elsewhere', () => {
  for (const [name, config] of [
    ['with the sandbox off (Stripe)', { stripeSecretKey: 'sk_test_mailbox' }],
    ['with an SMTP server', { smtpUrl: 'smtp://127.0.0.1:1' }],
  ] as const) {
    it(`answers 404 ${name}`, async () => {
      const other = await createTestServer({ config });
      try {
        for (const url of ['/sandbox/mailbox', `/sandbox/mailbox/${newId()}`]) {
          const answer = await other.app.inject({ method: 'GET', url });
          expect(answer.statusCode, url).toBe(404);
        }
      } finally {
        await other.close();
      }
    });
  }
});
