import {
  request as requestContexts,
  type APIRequestContext,
  type APIResponse,
} from '@playwright/test';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { createHmac } from 'node:crypto';
import { paidCheckoutSession, uniqueDomain } from './dashboard.helpers.ts';
import { expect, test } from './fixtures.ts';
import { password, uniqueEmail } from './lifecycle.helpers.ts';
import { startCluster, upstreamHeader, webhookSecret, type Cluster } from './replicas.cluster.ts';

/**
 * Scale-out, end to end (docs/operations.md, 'Several replicas'): two compiled servers on one
 * PostgreSQL behind nginx, round-robin, each request landing on either. A customer buys, signs
 * in, fills the plan's licences, refreshes, has its shops verified; the provider's webhook comes
 * twice; the mail workers of both replicas drain one outbox. Nothing is lost, every limit holds,
 * one mail per event, one refresh family per session.
 *
 * The calls are the web app's and the provider's own, with Playwright's request client (no page:
 * what scale-out could break lives on the server and in the database, which the other journeys'
 * pages already drive on one process).
 */

let cluster: Cluster;
let api: APIRequestContext;
/** The replica (nginx's `$upstream_addr`) of every answer, and any 5xx met. */
const servedBy = new Set<string>();
const serverErrors: string[] = [];

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster();
  api = await requestContexts.newContext({ baseURL: cluster.origin });
});

test.afterAll(async () => {
  await api?.dispose();
  await cluster?.stop();
});

/** Notes which replica answered and any 5xx, then hands the answer back. */
async function seen(answer: Promise<APIResponse>): Promise<APIResponse> {
  const response = await answer;
  const upstream = response.headers()[upstreamHeader];
  expect(upstream, 'nginx names the replica').toBeDefined();
  servedBy.add(upstream ?? '');
  if (response.status() >= 500) serverErrors.push(`${response.url()}: ${response.status()}`);
  return response;
}

/** The provider's event for a paid checkout session, signed with the shared secret (Stripe's way). */
function checkoutCompleted(sessionId: string, eventId: string) {
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session' } },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('hex');
  return { body, signature: `t=${timestamp},v1=${v1}` };
}

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

test('two replicas behind nginx: buy, sign in, licences, refresh, verify, webhook, mails', async () => {
  const email = uniqueEmail('replicas');
  const scaleLimit = 3;

  // Buy as a visitor (Scale, 3 licences) through nginx, then the provider's webhook for that
  // payment arrives twice at once, as a retry would: both replicas answer it, it counts once.
  const sessionId = await paidCheckoutSession(api, cluster.origin, email, 'scale');
  const webhooks = await Promise.all(
    ['evt_replicas_1', 'evt_replicas_2'].map(async (eventId) => {
      const event = checkoutCompleted(sessionId, eventId);
      return seen(
        api.post('/api/stripe/webhook', {
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          data: event.body,
        }),
      );
    }),
  );
  for (const answer of webhooks) expect(await answer.json()).toEqual({ received: true });
  expect(new Set(webhooks.map((answer) => answer.headers()[upstreamHeader])).size).toBe(2);

  // The onboarding: its invite from one replica is honoured by the other (shared JWT secret).
  const started = await seen(
    api.post('/api/onboarding/register/start', { data: { session_id: sessionId } }),
  );
  expect(started.status(), await started.text()).toBe(200);
  const invite: string = (await started.json()).data.invite_token;
  const created = await seen(
    api.post('/api/onboarding/register/finalize', {
      headers: bearer(invite),
      data: { email, password, first_name: 'Camille', last_name: 'Durand' },
    }),
  );
  expect(created.status(), await created.text()).toBe(201);
  const customerId: string = (await created.json()).customer._id;
  // The paid session is used: no replica lets it make a second account.
  for (const again of await Promise.all(
    [0, 1].map(() => seen(api.get(`/api/onboarding/sessions/${sessionId}`))),
  )) {
    expect(again.status()).toBe(409);
  }

  // Sign in.
  const login = await seen(api.post('/api/client/auth/login', { data: { email, password } }));
  expect(login.status(), await login.text()).toBe(200);
  let tokens: { accessToken: string; refreshToken: string } = (await login.json()).tokens;

  // Licences: more creations at once than the plan allows, spread over both replicas.
  const shops = Array.from({ length: scaleLimit + 2 }, () => uniqueDomain('replique'));
  const creations = await Promise.all(
    shops.map((shop) =>
      seen(
        api.post('/api/client/licenses', {
          headers: bearer(tokens.accessToken),
          data: { custom_domain: `${shop}.example.fr`, shop_domain: shop },
        }),
      ),
    ),
  );
  const statuses = creations.map((answer) => answer.status()).sort();
  expect(statuses).toEqual([201, 201, 201, 403, 403]);
  for (const refused of creations.filter((answer) => answer.status() === 403)) {
    expect((await refused.json()).message).toBe(
      'Vous avez atteint la limite de 3 licences de votre abonnement.',
    );
  }
  const listed = await seen(
    api.get('/api/client/licenses', { headers: bearer(tokens.accessToken) }),
  );
  const licences: { custom_domain: string; shop_domain: string }[] = (await listed.json()).licenses;
  expect(licences).toHaveLength(scaleLimit);
  // And the next one, asked alone, is refused with the limit's message.
  const next = await seen(
    api.post('/api/client/licenses', {
      headers: bearer(tokens.accessToken),
      data: { custom_domain: 'une-de-trop.example.fr', shop_domain: uniqueDomain('de-trop') },
    }),
  );
  expect(next.status()).toBe(403);
  expect((await next.json()).message).toBe(
    'Vous avez atteint la limite de 3 licences de votre abonnement.',
  );

  // Refresh: each rotation lands on the other replica and holds; the new access token works on
  // both.
  for (let rotation = 0; rotation < 4; rotation += 1) {
    const refreshed = await seen(
      api.post('/auth/refresh', { data: { refreshToken: tokens.refreshToken } }),
    );
    expect(refreshed.status(), await refreshed.text()).toBe(200);
    tokens = await refreshed.json();
    const read = await seen(
      api.get('/api/client/licenses', { headers: bearer(tokens.accessToken) }),
    );
    expect(read.status()).toBe(200);
  }
  // The same refresh token sent four times at once (two tabs, a replay) over both replicas: one
  // rotation is accepted, the others are refused, and the reuse ends the session everywhere.
  const raced = await Promise.all(
    Array.from({ length: 4 }, () =>
      seen(api.post('/auth/refresh', { data: { refreshToken: tokens.refreshToken } })),
    ),
  );
  expect(new Set(raced.map((answer) => answer.headers()[upstreamHeader])).size).toBe(2);
  const winners = raced.filter((answer) => answer.status() === 200);
  expect(winners).toHaveLength(1);
  for (const loser of raced.filter((answer) => answer.status() !== 200)) {
    expect(loser.status()).toBe(401);
    expect((await loser.json()).message).toBe('Impossible de rafraîchir le token');
  }
  const rotated: { refreshToken: string } = await (winners[0] as APIResponse).json();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const afterReuse = await seen(
      api.post('/auth/refresh', { data: { refreshToken: rotated.refreshToken } }),
    );
    expect(afterReuse.status()).toBe(401);
  }
  // One family per session: the onboarding's and the login's, however many rotations.
  expect(
    cluster.sql(
      `SELECT count(DISTINCT family_id), count(*) FILTER (WHERE used_at IS NULL AND revoked_at IS NULL)
         FROM refresh_tokens WHERE account_id = '${customerId}'`,
    ),
  ).toEqual(['2|1']);

  // Verification: each shop's licence is active, signed by the one key both replicas share.
  const keySets = await Promise.all(
    [0, 1].map(
      async () => (await (await seen(api.get('/.well-known/jwks.json'))).json()) as JSONWebKeySet,
    ),
  );
  expect(keySets[1]).toEqual(keySets[0]);
  const keys = createLocalJWKSet(keySets[0] as JSONWebKeySet);
  for (const licence of licences) {
    const shop = `${licence.shop_domain.replace(/\.myshopify\.com$/, '')}.myshopify.com`;
    // Twice: the second answer comes from the other replica, signed with the same key.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const verified = await seen(
        api.post('/api/licences/verify', {
          data: {
            shop,
            host: licence.custom_domain,
            theme_version: '1.0.0',
            theme_role: 'main',
          },
        }),
      );
      expect(verified.status(), await verified.text()).toBe(200);
      const verdict: { status: string; token: string } = await verified.json();
      expect(verdict.status).toBe('active');
      const { payload } = await jwtVerify(verdict.token, keys, {
        issuer: cluster.origin,
        audience: shop,
      });
      expect(payload.status).toBe('active');
    }
  }

  // The mail workers of both replicas drain one outbox: each event's mail is sent once.
  await expect
    .poll(() =>
      cluster.sql(
        `SELECT kind, count(*), count(sent_at) FROM outbox WHERE recipient = '${email}'
          GROUP BY kind ORDER BY kind`,
      ),
    )
    .toEqual(['onboarding-link|1|1', 'payment-receipt|1|1']);
  const mailbox = await seen(api.get('/sandbox/mailbox'));
  expect((await mailbox.text()).split(email).length - 1).toBe(2);

  // Nothing lost, nothing more: the licences the API reported, and both webhook deliveries.
  expect(cluster.sql(`SELECT count(*) FROM licences WHERE customer_id = '${customerId}'`)).toEqual([
    String(scaleLimit),
  ]);
  expect(
    cluster.sql(
      "SELECT count(*) FROM webhook_events WHERE id IN ('evt_replicas_1', 'evt_replicas_2')",
    ),
  ).toEqual(['2']);
  expect(serverErrors).toEqual([]);
  expect([...servedBy].sort()).toEqual([...cluster.replicas].sort());
});
