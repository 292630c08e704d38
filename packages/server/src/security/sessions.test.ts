import { messages } from '@portal/core/domain';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contractOperations } from '../http/contract.ts';
import {
  call,
  createAdmin,
  createCustomer,
  expectNoTokenInLogs,
  loggedInCustomer,
  sessionFor,
  settleAll,
  snapshot,
  useTestServer,
} from '../test/harness.ts';

/**
 * docs/security.md, items 8 (token checks), 9 (ownership) and 12 (login abuse), over the real
 * routes.
 */
const logLines: string[] = [];
/** Every token the server handed out in this file: none may reach a log line. */
const secrets: string[] = [];
// A public (https) portal: the reset link stays in the outbox, out of the log.
const origin = 'https://portal.example';
const server = useTestServer({
  logLines,
  config: { publicOrigin: origin, allowedRedirectOrigins: [origin] },
});
// The capture works: the requests of this file were logged (and checked after each test).
afterAll(() => expect(logLines.length).toBeGreaterThan(0));
afterEach(() => expectNoTokenInLogs(logLines, secrets));

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function customer(options?: Parameters<typeof loggedInCustomer>[1]) {
  const created = await loggedInCustomer(server, options);
  secrets.push(created.accessToken, created.refreshToken);
  return created;
}

const refresh = async (refreshToken: string, remoteAddress = '10.1.0.1') => {
  const answer = await call<Tokens>(server, 'POST', '/auth/refresh', {
    body: { refreshToken },
    remoteAddress,
  });
  if (answer.status === 200) secrets.push(answer.body.accessToken, answer.body.refreshToken);
  return answer;
};
const profile = (token: string) => call(server, 'GET', '/api/client/profile', { token });
const login = (email: string, password: string, remoteAddress: string) =>
  call(server, 'POST', '/api/client/auth/login', { body: { email, password }, remoteAddress });

async function jwtSecret(): Promise<Uint8Array> {
  const [row] = await server.db.query<{ value: string }>(
    `SELECT value FROM server_secrets WHERE name = 'jwt_secret'`,
  );
  return new TextEncoder().encode(row?.value ?? '');
}

describe('item 8: access and refresh token checks', () => {
  it('refuses alg none, a wrong signature, audience or issuer and an expired exp with 401', async () => {
    const alice = await customer();
    const sid = (
      await server.db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens')
    )[0]?.family_id;
    const claims = { kind: 'customer', sid };
    const key = await jwtSecret();
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const signed = (edit: (jwt: SignJWT) => SignJWT) =>
      edit(
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(alice.id)
          .setIssuer(server.config.jwtIssuer)
          .setAudience(server.config.jwtAudience)
          .setIssuedAt(now)
          .setExpirationTime(now + 600),
      ).sign(key);
    // The same claims, genuinely signed, are accepted: each refusal below is for its one flaw.
    expect((await profile(await signed((jwt) => jwt))).status).toBe(200);
    const [header, payload, signature] = alice.accessToken.split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    const refused = {
      algNone: new UnsecuredJWT(claims)
        .setSubject(alice.id)
        .setIssuer(server.config.jwtIssuer)
        .setAudience(server.config.jwtAudience)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .encode(),
      wrongSignature: `${header}.${payload}.${flipped}`,
      otherSecret: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(alice.id)
        .setIssuer(server.config.jwtIssuer)
        .setAudience(server.config.jwtAudience)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode('another secret of enough length, 32+')),
      wrongAudience: await signed((jwt) => jwt.setAudience('theme-portal-onboarding')),
      wrongIssuer: await signed((jwt) => jwt.setIssuer('someone-else')),
      expired: await signed((jwt) => jwt.setIssuedAt(now - 1200).setExpirationTime(now - 1)),
      noExpiry: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(alice.id)
        .setIssuer(server.config.jwtIssuer)
        .setAudience(server.config.jwtAudience)
        .sign(key),
    };
    secrets.push(...Object.values(refused));
    for (const [flaw, token] of Object.entries(refused)) {
      const answer = await profile(token);
      expect(answer.status, flaw).toBe(401);
      expect(answer.body, flaw).toEqual({ message: messages.http[401] });
    }
  });

  it('recognises a token seen before only whole, under every spelling of the header', async () => {
    const alice = await customer();
    const bob = await customer();
    const byHeader = (authorization: string) =>
      call(server, 'GET', '/api/client/profile', { headers: { authorization } });
    // Both tokens verified once: from here on they are recognised from memory.
    const aliceProfile = await profile(alice.accessToken);
    const bobProfile = await profile(bob.accessToken);
    expect([aliceProfile.status, bobProfile.status]).toEqual([200, 200]);
    expect(aliceProfile.body).not.toEqual(bobProfile.body);
    const [, , aliceSignature] = alice.accessToken.split('.');
    const [bobHeader, bobPayload] = bob.accessToken.split('.');
    const forged = `${bobHeader}.${bobPayload}.${aliceSignature}`;
    secrets.push(forged);
    expect((await profile(forged)).status).toBe(401);
    expect((await byHeader(`Bearer ${alice.accessToken} extra`)).status).toBe(401);
    expect((await byHeader(`Bearer ${alice.accessToken}${alice.accessToken}`)).status).toBe(401);
    for (const spelling of ['bearer ', 'BEARER ', 'Bearer   ']) {
      const answer = await byHeader(`${spelling}${alice.accessToken}`);
      expect(answer.status, spelling).toBe(200);
      expect(answer.body, spelling).toEqual(aliceProfile.body);
    }
    expect((await profile(bob.accessToken)).body).toEqual(bobProfile.body);
  });

  it('a reused refresh token revokes its whole family, other sessions stay open', async () => {
    const alice = await customer();
    const other = await server.app.tokens.issueSession(server.db, {
      kind: 'customer',
      id: alice.id,
    });
    secrets.push(other.accessToken, other.refreshToken);
    const first = await refresh(alice.refreshToken);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    // The first token comes back (a stolen copy): the thief and the owner are both logged out.
    expect((await refresh(alice.refreshToken)).status).toBe(401);
    for (const token of [second.body.refreshToken, first.body.refreshToken]) {
      expect((await refresh(token)).status).toBe(401);
    }
    expect((await profile(second.body.accessToken)).status).toBe(401);
    const revoked = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM refresh_tokens WHERE account_id = $1 AND revoked_at IS NULL`,
      [alice.id],
    );
    // Only the other login session's token is still usable.
    expect(revoked[0]?.n).toBe(1);
    expect((await profile(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('a refresh token family ends at its absolute lifetime whatever the rotations', async () => {
    const alice = await customer();
    let token = alice.refreshToken;
    const day = 24 * 3600;
    let lived = 0;
    while (lived + 5 * day < server.config.refreshFamilySeconds) {
      server.clock.advance(5 * day);
      lived += 5 * day;
      const answer = await refresh(token);
      expect(answer.status).toBe(200);
      token = answer.body.refreshToken;
    }
    server.clock.advance(server.config.refreshFamilySeconds - lived);
    expect((await refresh(token)).status).toBe(401);
  });

  it('limits refreshes per address with 429 and Retry-After; other addresses go on', async () => {
    const { perAddress, windowSeconds } = server.config.refreshLimit;
    // The budget is far above a browser's needs: one refresh per quarter hour and tab.
    expect(perAddress).toBeGreaterThanOrEqual(100);
    const alice = await customer();
    await server.db.query(
      `INSERT INTO request_budgets (key, window_start, spent) VALUES ($1, $2, $3)`,
      ['refresh:10.9.9.9', server.clock.now(), perAddress],
    );
    const limited = await refresh(alice.refreshToken, '10.9.9.9');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    // Refused before the token was looked at: it still works from elsewhere, and later.
    expect((await refresh(alice.refreshToken, '10.9.9.10')).status).toBe(200);
    server.clock.advance(windowSeconds);
    const after = await refresh('unknown-token', '10.9.9.9');
    expect(after.status).toBe(401);
  });
});

describe('item 9: ownership', () => {
  const tables = ['licences', 'subscriptions', 'customers'];

  it("customer A acting on B's licence gets 404 on PUT and DELETE, never sees it, and nothing changes", async () => {
    const alice = await customer();
    const bob = await customer();
    const created = await call<{ license: { _id: string } }>(
      server,
      'POST',
      '/api/client/licenses',
      { token: bob.accessToken, body: { custom_domain: 'bob.fr', shop_domain: 'bob' } },
    );
    expect(created.status).toBe(201);
    const id = created.body.license._id;
    const before = await snapshot(server.db, tables);
    const attempts = await settleAll([
      call(server, 'PUT', `/api/client/licenses/${id}`, {
        token: alice.accessToken,
        body: { custom_domain: 'alice.fr', shop_domain: 'alice' },
      }),
      call(server, 'DELETE', `/api/client/licenses/${id}`, { token: alice.accessToken }),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe('fulfilled');
      if (attempt.status !== 'fulfilled') continue;
      expect(attempt.value.status).toBe(404);
      expect(attempt.value.body).toEqual({ message: messages.licences.notFound });
    }
    const list = await call<{ licenses: unknown[] }>(server, 'GET', '/api/client/licenses', {
      token: alice.accessToken,
    });
    expect(list.body.licenses).toEqual([]);
    expect(await snapshot(server.db, tables)).toEqual(before);
  });

  it('every admin operation of the contract refuses a customer token with 403, changing nothing', async () => {
    const alice = await customer();
    const admin = contractOperations().filter((op) => op.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(3);
    const before = await snapshot(server.db, tables);
    for (const op of admin) {
      const url = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const answer = await call(server, op.method.toUpperCase() as 'GET', url, {
        token: alice.accessToken,
        ...(op.body === undefined
          ? {}
          : { body: { customer_id: alice.id, custom_domain: 'x.fr', shop_domain: 'x' } }),
      });
      expect(answer.status, op.operationId).toBe(403);
    }
    expect(await snapshot(server.db, tables)).toEqual(before);
  });
});

describe('item 12: login abuse', () => {
  it('10 failures from varying addresses lock the account (429 + Retry-After); a reset still works', async () => {
    const alice = await createCustomer(server);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await login(alice.email, 'Mauvais123', `10.2.0.${attempt}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.body).toEqual({ message: messages.http[429] });
      }
    }
    const { perAccount } = server.config.loginLimit;
    expect(statuses).toEqual([
      ...Array<number>(perAccount).fill(401),
      ...Array<number>(10 - perAccount).fill(429),
    ]);
    // Even the right password waits: the lock is on the account, whatever the address.
    expect((await login(alice.email, alice.password, '10.2.1.1')).status).toBe(429);

    const forgot = await call(server, 'POST', '/admin/auth/forgot-password', {
      body: { email: alice.email },
      remoteAddress: '10.2.2.1',
    });
    expect(forgot.status).toBe(200);
    const [mail] = await server.db.query<{ payload: { link: string } }>(
      `SELECT payload FROM outbox WHERE recipient = $1`,
      [alice.email],
    );
    const token = new URL(mail?.payload.link ?? 'http://x').searchParams.get('token') ?? '';
    secrets.push(token);
    const reset = await call(server, 'POST', '/admin/auth/reset-password', {
      body: { token, password: 'Nouveau123' },
    });
    expect(reset.status).toBe(200);
    // The mailbox owner is let in at once with the new password.
    const after = await login(alice.email, 'Nouveau123', '10.2.1.1');
    expect(after.status).toBe(200);
    const tokens = (after.body as { tokens: Tokens }).tokens;
    secrets.push(tokens.accessToken, tokens.refreshToken);
  });

  it('an unknown email and a wrong password get the same answer in a similar time', async () => {
    const accounts = [await createCustomer(server), await createCustomer(server)];
    const wrong: number[] = [];
    const unknown: number[] = [];
    const answers = new Set<string>();
    // Interleaved, up to each account's limit, each from its own address: 10 samples a side.
    for (let round = 0; round < 2 * server.config.loginLimit.perAccount; round += 1) {
      const account = accounts[round % 2];
      for (const [email, times] of [
        [account?.email ?? '', wrong],
        [`personne${round}@example.test`, unknown],
      ] as const) {
        const started = performance.now();
        const answer = await login(email, 'Mauvais123', `10.3.${round}.${times.length}`);
        times.push(performance.now() - started);
        answers.add(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect([...answers]).toEqual([
      `401 ${JSON.stringify({ message: messages.auth.invalidCredentials })}`,
    ]);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const ratio = median(unknown) / median(wrong);
    // Both run one scrypt check: the same order of time (a generous bound for a shared CI box).
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('a valid session does not open unlimited password guessing', () => {
  const wrongChange = (token: string) =>
    call(server, 'PUT', '/api/client/auth/change-password', {
      token,
      body: {
        current_password: 'Mauvais123',
        new_password: 'Nouveau123',
        confirm_password: 'Nouveau123',
      },
    });
  const wrongDeletion = (token: string) =>
    call(server, 'DELETE', '/customers/account', { token, body: { password: 'Mauvais123' } });

  it.each([
    ['the password change', wrongChange],
    ['the account deletion', wrongDeletion],
  ])(
    'wrong current passwords on %s count with the login failures: 429 + Retry-After past the login threshold',
    async (_operation, wrong) => {
      const alice = await customer();
      const { perAccount, windowSeconds } = server.config.loginLimit;
      // Failures of both kinds add up on the account: one wrong login, then the session's guesses.
      expect((await login(alice.email, 'Mauvais123', '10.4.0.1')).status).toBe(401);
      for (let attempt = 2; attempt <= perAccount; attempt += 1) {
        expect((await wrong(alice.accessToken)).status).toBe(401);
      }
      const blocked = await wrong(alice.accessToken);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: messages.http[429] });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      // Even the right password waits, there and at the login, from any address.
      const right = await call(server, 'PUT', '/api/client/auth/change-password', {
        token: alice.accessToken,
        body: {
          current_password: alice.password,
          new_password: 'Nouveau123',
          confirm_password: 'Nouveau123',
        },
      });
      expect(right.status).toBe(429);
      expect((await login(alice.email, alice.password, '10.4.0.2')).status).toBe(429);
      // Once the window is over, a new session's wrong guess is a plain 401 again.
      server.clock.advance(retryAfter);
      const after = await login(alice.email, alice.password, '10.4.0.3');
      expect(after.status).toBe(200);
      const tokens = (after.body as { tokens: Tokens }).tokens;
      secrets.push(tokens.accessToken, tokens.refreshToken);
      expect((await wrong(tokens.accessToken)).status).toBe(401);
    },
  );
});

describe('answers with account data are never cached', () => {
  it('every authenticated GET of the contract answers Cache-Control: no-store', async () => {
    const alice = await customer();
    const admin = await createAdmin(server);
    const adminTokens = await sessionFor(server, { kind: 'admin', id: admin.id });
    secrets.push(adminTokens.accessToken, adminTokens.refreshToken);
    const created = await call<{ license: { _id: string } }>(
      server,
      'POST',
      '/api/client/licenses',
      { token: alice.accessToken, body: { custom_domain: 'alice.fr', shop_domain: 'alice' } },
    );
    const ids: Record<string, string> = { id: created.body.license._id };
    const gets = contractOperations().filter((op) => op.method === 'get' && op.secured);
    // Profile, licences, current subscription at least (the documented dashboard reads).
    expect(gets.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        '/api/client/profile',
        '/api/client/licenses',
        '/api/client/subscription/current',
      ]),
    );
    for (const op of gets) {
      const url = op.path
        .replace('{filename}', 'theme-boutique.zip')
        .replace(/\{([^}]+)\}/g, (_whole, name: string) => ids[name] ?? 'inconnu');
      const token = op.path.startsWith('/api/admin/') ? adminTokens.accessToken : alice.accessToken;
      const answer = await call(server, 'GET', url, { token });
      expect(answer.status, op.operationId).toBeLessThan(500);
      expect(String(answer.headers['cache-control']), op.operationId).toMatch(/\bno-store\b/);
    }
  });
});
