import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { newId } from '../auth/tokens.ts';
import { call, createCustomer } from '../test/harness.ts';
import { claimDueMails, enqueueMail, type OutboxRow } from './outbox.repo.ts';
import { passwordResetSubject } from './templates/password-reset.ts';
import { useSmtpTestServer } from './test-smtp.ts';
import { createSmtpTransport } from './transport.ts';
import { createMailWorker, mailRetry, retryDelaySeconds, type MailWorker } from './worker.ts';

const smtpTest = useSmtpTestServer();
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Another process's worker over the same database and SMTP server (a replica, a restart). */
function otherWorker(options: { batchSize?: number; pollSeconds?: number } = {}): MailWorker {
  return createMailWorker({
    db: smtpTest.server.db,
    transport: createSmtpTransport({
      url: smtpTest.smtp.url,
      from: smtpTest.server.config.mailFrom,
    }),
    now: smtpTest.server.clock.now,
    log: quiet,
    ...options,
  });
}

async function outbox(): Promise<OutboxRow[]> {
  return smtpTest.server.db.query<OutboxRow>('SELECT * FROM outbox ORDER BY created_at, id');
}

async function requestReset(email: string): Promise<void> {
  const answer = await call(smtpTest.server, 'POST', '/admin/auth/forgot-password', {
    body: { email },
  });
  expect(answer.status).toBe(200);
}

async function queue(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = newId();
    ids.push(id);
    await enqueueMail(smtpTest.server.db, {
      id,
      kind: 'password-reset',
      recipient: `client${index}@example.test`,
      payload: {
        link: `http://127.0.0.1:3000/reset-password?token=t${index}`,
        expiresAt: '2030-01-01T00:00:00.000Z',
        validMinutes: 60,
      },
      created_at: smtpTest.server.clock.now(),
    });
  }
  return ids;
}

describe('mail delivery over SMTP', () => {
  it('a reset request sends one mail: recipient, sender, subject, link in the text and HTML parts', async () => {
    const customer = await createCustomer(smtpTest.server);
    await requestReset(customer.email);
    // Queued, not sent, until the worker runs.
    expect(smtpTest.smtp.received).toHaveLength(0);
    expect(await outbox()).toMatchObject([{ sent_at: null, attempts: 0 }]);

    expect(await smtpTest.server.app.mail.drain()).toBe(1);

    expect(smtpTest.smtp.received).toHaveLength(1);
    const [{ to, parsed }] = smtpTest.smtp.received as [(typeof smtpTest.smtp.received)[number]];
    expect(to).toEqual([customer.email]);
    expect(parsed.to).toMatchObject({ value: [{ address: customer.email }] });
    expect(parsed.from?.value).toEqual([
      { address: 'no-reply@theme-portal.test', name: 'Theme Portal' },
    ]);
    expect(parsed.subject).toBe('Réinitialisation de votre mot de passe');
    expect(parsed.subject).toBe(passwordResetSubject);
    const [row] = await outbox();
    const link = (row?.payload as { link: string }).link;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reset-password\?token=[A-Za-z0-9_-]+$/);
    expect(parsed.text).toContain(`\n${link}\n`);
    expect(parsed.text).toContain('Ce lien est valable une heure');
    expect(parsed.html).toContain(`<a href="${link}"`);
    expect(parsed.html).toContain('Choisir un nouveau mot de passe');
    expect(parsed.html).not.toMatch(/<script/i);
    expect(parsed.messageId).toBe(`<${row?.id}@theme-portal.test>`);
    expect(row).toMatchObject({
      delivered_via: 'smtp',
      attempts: 1,
      last_error: null,
      locked_until: null,
    });
    expect(row?.sent_at).toBeInstanceOf(Date);

    // The mailed link works.
    const token = new URL(link).searchParams.get('token');
    const reset = await call(smtpTest.server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'Nouveau123' },
    });
    expect(reset.body).toEqual({ message: messages.auth.resetSuccess });
    // Sent once: draining again sends nothing.
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
    expect(smtpTest.smtp.received).toHaveLength(1);
  });

  it('waits 30 s, then doubling, at most an hour, between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
    expect(mailRetry.maxAttempts).toBe(10);
  });

  it('a server answering 451 gets the mail again later, with backoff, until it accepts it', async () => {
    const customer = await createCustomer(smtpTest.server);
    smtpTest.smtp.refuseWith = 451;
    await requestReset(customer.email);

    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    let [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, locked_until: null });
    expect(row?.last_error).toContain('451');
    const firstTry = smtpTest.server.clock.now().getTime();
    expect(row!.next_attempt_at.getTime() - firstTry).toBeGreaterThan(29_000);
    expect(row!.next_attempt_at.getTime() - firstTry).toBeLessThanOrEqual(30_000);

    // Not due yet.
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
    smtpTest.server.clock.advance(29);
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
    smtpTest.server.clock.advance(1);
    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, sent_at: null });
    expect(row!.next_attempt_at.getTime() - smtpTest.server.clock.now().getTime()).toBeGreaterThan(
      59_000,
    );

    smtpTest.smtp.refuseWith = undefined;
    smtpTest.server.clock.advance(59);
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
    smtpTest.server.clock.advance(1);
    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 3, delivered_via: 'smtp', last_error: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(smtpTest.smtp.received.map((mail) => mail.to)).toEqual([[customer.email]]);
  });

  it('gives up after the last try: the row is failed and never tried again', async () => {
    await queue(1);
    smtpTest.smtp.refuseWith = 451;
    for (let tries = 1; tries <= mailRetry.maxAttempts; tries += 1) {
      expect(await smtpTest.server.app.mail.drain()).toBe(1);
      smtpTest.server.clock.advance(retryDelaySeconds(tries));
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 10, sent_at: null });
    expect(row?.failed_at).toBeInstanceOf(Date);
    expect(row?.last_error).toContain('451');

    smtpTest.smtp.refuseWith = undefined;
    smtpTest.server.clock.advance(24 * 3600);
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
    expect(smtpTest.smtp.received).toHaveLength(0);
  });

  it('a final refusal (550) fails the mail at once', async () => {
    await queue(1);
    smtpTest.smtp.refuseWith = 550;
    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row?.failed_at).toBeInstanceOf(Date);
    smtpTest.server.clock.advance(3600);
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
  });

  it('a mail of a kind no template knows fails at once', async () => {
    await smtpTest.server.db.query(
      `INSERT INTO outbox (id, kind, recipient, payload) VALUES ($1, 'inconnu', 'a@example.test', '{}')`,
      [newId()],
    );
    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    const [row] = await outbox();
    expect(row).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: 'unknown mail kind: inconnu',
    });
    expect(row?.failed_at).toBeInstanceOf(Date);
    expect(smtpTest.smtp.received).toHaveLength(0);
  });

  it('two workers draining one outbox at once send each mail once', async () => {
    const ids = await queue(12);
    const first = otherWorker({ batchSize: 3 });
    const second = otherWorker({ batchSize: 3 });
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a + b).toBe(12);
    const sent = smtpTest.smtp.received.map((mail) => mail.parsed.messageId);
    expect(sent).toHaveLength(12);
    expect(new Set(sent)).toEqual(new Set(ids.map((id) => `<${id}@theme-portal.test>`)));
    expect((await outbox()).every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('a mail queued before a restart is sent by the next process; a dead claim lapses', async () => {
    const customer = await createCustomer(smtpTest.server);
    await requestReset(customer.email);
    // The previous process stops before sending (its worker never ran); a new one starts.
    const next = otherWorker();
    expect(await next.drain()).toBe(1);
    expect(smtpTest.smtp.received.map((mail) => mail.to)).toEqual([[customer.email]]);

    // A process that claimed a mail and died: the claim holds five minutes, then lapses.
    const [id] = await queue(1);
    const now = smtpTest.server.clock.now();
    const claimed = await claimDueMails(smtpTest.server.db, {
      now,
      lockedUntil: new Date(now.getTime() + 300_000),
      limit: 10,
    });
    expect(claimed.map((row) => row.id)).toEqual([id]);
    expect(await next.drain()).toBe(0);
    smtpTest.server.clock.advance(300);
    expect(await next.drain()).toBe(1);
    expect(smtpTest.smtp.received).toHaveLength(2);
    await next.stop();
  });

  it('once started, a queued mail is sent when the worker is woken, without waiting for a poll', async () => {
    const worker = otherWorker({ pollSeconds: 3600 });
    worker.start();
    await queue(1);
    worker.wake();
    await smtpTest.smtp.receivedCount(1);
    await worker.stop();
    expect((await outbox())[0]?.sent_at).toBeInstanceOf(Date);
  });
});
