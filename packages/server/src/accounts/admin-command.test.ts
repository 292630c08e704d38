import { messages } from '@portal/core/domain';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call, createCustomer, useTestServer } from '../test/harness.ts';
import { texts } from '../texts.ts';
import { createAdminInteractively, parseAdminArguments } from './admin-command.ts';

const server = useTestServer();

/** The command's streams, its input typed in advance (not a terminal: read line by line). */
function io(input: string) {
  const out = { stdout: '', stderr: '' };
  const sink = (key: keyof typeof out) => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (out[key] += chunk.toString()));
    return stream;
  };
  return {
    streams: { stdin: Readable.from([input]), stdout: sink('stdout'), stderr: sink('stderr') },
    out,
  };
}

const account = { email: 'Vendeur@Theme-Portal.test', firstName: 'Alex', lastName: 'Admin' };

describe('pnpm admin:create', () => {
  it('creates an admin from the password typed twice, who then signs in on the login call', async () => {
    const { streams, out } = io('Admin1234!\nAdmin1234!\n');
    expect(await createAdminInteractively(server.db, account, streams)).toBe(0);
    expect(out.stdout).toContain(`${texts.adminCommand.created} : vendeur@theme-portal.test`);
    const login = await call<{ admin: { email: string; role: string; first_name: string } }>(
      server,
      'POST',
      '/api/client/auth/login',
      { body: { email: 'vendeur@theme-portal.test', password: 'Admin1234!' } },
    );
    expect(login.status).toBe(200);
    expect(login.body.admin).toMatchObject({
      email: 'vendeur@theme-portal.test',
      role: 'admin',
      first_name: 'Alex',
    });
  });

  it.each([
    ['a weak password', 'admin1234\nadmin1234\n', messages.validation.passwordComplexity],
    ['a short password', 'Ad1!\nAd1!\n', messages.validation.passwordMin8],
    ['two different passwords', 'Admin1234!\nAdmin1234?\n', messages.validation.passwordsMismatch],
    ['no confirmation', 'Admin1234!\n', messages.validation.confirmPasswordRequired],
    ['nothing typed', '', messages.validation.newPasswordRequired],
  ])(
    'refuses %s with the rule of every new password, creating nothing',
    async (_, input, reason) => {
      const { streams, out } = io(input);
      expect(await createAdminInteractively(server.db, account, streams)).toBe(1);
      expect(out.stderr).toContain(texts.adminCommand.refused);
      expect(out.stderr).toContain(reason);
      expect(await server.db.query('SELECT id FROM admins')).toEqual([]);
    },
  );

  it('refuses a malformed email and an email a customer or an admin already has', async () => {
    const malformed = io('Admin1234!\nAdmin1234!\n');
    expect(
      await createAdminInteractively(
        server.db,
        { ...account, email: 'pas-un-email' },
        malformed.streams,
      ),
    ).toBe(1);
    expect(malformed.out.stderr).toContain(messages.validation.emailInvalid);
    const customer = await createCustomer(server);
    const taken = io('Admin1234!\nAdmin1234!\n');
    expect(
      await createAdminInteractively(
        server.db,
        { ...account, email: customer.email },
        taken.streams,
      ),
    ).toBe(1);
    expect(taken.out.stderr).toContain(messages.onboarding.emailTaken);
    expect(
      await createAdminInteractively(server.db, account, io('Admin1234!\nAdmin1234!\n').streams),
    ).toBe(0);
    const again = io('Admin1234!\nAdmin1234!\n');
    expect(await createAdminInteractively(server.db, account, again.streams)).toBe(1);
    expect(again.out.stderr).toContain(messages.onboarding.emailTaken);
    expect(await server.db.query('SELECT id FROM admins')).toHaveLength(1);
  });
});

describe('the command line', () => {
  it.each([
    [['--email', 'a@b.fr', '--password', 'Admin1234!']],
    [['--email', 'a@b.fr', '--password=Admin1234!']],
    [['--email=a@b.fr', '-p', 'Admin1234!']],
  ])('never takes a password from an argument: %j', (args) => {
    expect(parseAdminArguments(args)).toEqual({
      ok: false,
      message: texts.adminCommand.passwordArgumentRefused,
    });
  });

  it('reads the email and the names, and asks for what is missing', () => {
    expect(parseAdminArguments(['--email', 'a@b.fr', '--first-name=Alex'])).toEqual({
      ok: true,
      value: { email: 'a@b.fr', firstName: 'Alex', lastName: '' },
    });
    expect(parseAdminArguments([])).toEqual({ ok: false, message: texts.adminCommand.usage });
    expect(parseAdminArguments(['--email'])).toEqual({
      ok: false,
      message: texts.adminCommand.usage,
    });
    expect(parseAdminArguments(['--email', 'a@b.fr', '--role', 'x'])).toMatchObject({ ok: false });
  });

  it('exits with the refusal before opening any database when given --password', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/main.ts',
        '--create-admin',
        '--email',
        'a@b.fr',
        '--password',
        'Admin1234!',
      ],
      // No database is configured: reaching one would fail differently.
      {
        cwd: serverDir,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: 'postgres://nowhere.invalid/x' },
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(texts.adminCommand.passwordArgumentRefused);
  }, 60_000);
});
