import { LAST_SEEN_INTERVAL_SECONDS, messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { onboardedCustomer, ORIGIN, WEBHOOK_SECRET } from '../payments/test-support.ts';
import {
  call,
  createAdmin,
  loggedInCustomer,
  sessionFor,
  settleAll,
  useTestServer,
  type Answer,
} from '../../test/harness.ts';
import { subscriptionKit } from '../../test/subscription-kit.ts';
import { TOKEN_REUSE_SECONDS } from '../../licences/verification.ts';
import { TRIAL_DAYS } from '../../subscriptions/lifecycle.ts';
import { latestThemeVersion } from '@portal/theme';
import { addLicence, checked, verify, verifiedToken } from './test-support.ts';

/**
 * The licence verification (docs/product.md, 'Licence verification'): every status a storefront
 * can get, the token checked with jose against the published keys, the admin's suspension,
 * 'last seen', the cross-origin headers and verifications racing writes.
 */
const server = useTestServer({
  // The budgets have their own tests (verify.hostile.test.ts): out of the way here.
  config: {
    stripeWebhookSecret: WEBHOOK_SECRET,
    verifyLimit: { perAddress: 1_000_000, perShop: 1_000_000 },
  },
});
const { portal, postForm } = subscriptionKit(server);

const words = messages.licenceVerification;
const HOUR = 3600;
const DAY = 24 * HOUR;

interface Licence {
  _id: string;
  status: string;
  last_seen_at?: string | null;
  last_seen_host?: string | null;
  last_seen_version?: string | null;
  suspended_at?: string | null;
  suspension_reason?: string | null;
}

/** A customer of `plan` (an active subscription) with one licence for `shop`. */
async function licensed(custom = 'boutique-x.fr', shop = 'boutique-x.myshopify.com') {
  const customer = await loggedInCustomer(server);
  const licenceId = await addLicence(server, customer.accessToken, custom, shop);
  return { ...customer, licenceId };
}

async function listOf(token: string) {
  const answer = await call<{ licenses: Licence[]; latest_version: string }>(
    server,
    'GET',
    '/api/client/licenses',
    { token },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function adminToken() {
  const admin = await createAdmin(server);
  return (await sessionFor(server, { kind: 'admin', id: admin.id })).accessToken;
}

/** A customer who paid in the sandbox checkout, with licences for `boutique-x`. */
async function paidCustomer(domains: string[] = ['boutique-x.fr']) {
  const bought = await onboardedCustomer(server, 'scale', 'monthly');
  const ids: string[] = [];
  for (const domain of domains) {
    ids.push(await addLicence(server, bought.accessToken, domain, 'boutique-x'));
  }
  return { ...bought, ids };
}

const shop = 'boutique-x.myshopify.com';
const paired = ['boutique-x.fr', 'www.boutique-x.fr', shop];

describe('a shop with an active licence', () => {
  it('answers active, signed: the claims the theme relies on, verified with the published keys', async () => {
    const customer = await licensed();
    const before = Math.floor(server.clock.now().getTime() / 1000);
    const { answer, claims, header } = await checked(server, {
      shop,
      host: 'www.boutique-x.fr',
      theme_version: '2.1.0',
    });
    expect(answer).toEqual({
      status: 'active',
      token: answer.token,
      latest_version: latestThemeVersion,
      check_again_in: 43_200,
    });
    expect(claims).toEqual({
      iss: ORIGIN,
      aud: shop,
      sub: customer.licenceId,
      status: 'active',
      hosts: paired,
      plan: 'Scale',
      latest_version: latestThemeVersion,
      iat: claims.iat,
      exp: claims.iat + 43_200,
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(header.alg).toBe('EdDSA');
    expect(header.kid).toBe(server.app.licenceKeys.kid);
  });

  it('answers the same token for the same claims for a minute, then a fresh one; a new verdict at once', async () => {
    const customer = await licensed();
    const first = await checked(server, { shop, host: 'boutique-x.fr' });
    server.clock.advance(TOKEN_REUSE_SECONDS - 5);
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.token).toBe(
      first.answer.token,
    );
    // Another host allowed by the same licence: the same claims, the same token.
    expect((await checked(server, { shop, host: shop })).answer.token).toBe(first.answer.token);
    const token = await adminToken();
    await call(server, 'POST', `/api/admin/licenses/${customer.licenceId}/suspend`, {
      token,
      body: { reason: 'Abus' },
    });
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('inactive');
    await call(server, 'POST', `/api/admin/licenses/${customer.licenceId}/reinstate`, {
      token,
      body: { reason: 'Vérifié' },
    });
    server.clock.advance(5);
    const fresh = await checked(server, { shop, host: 'boutique-x.fr' });
    expect(fresh.answer.token).not.toBe(first.answer.token);
    expect(fresh.claims.iat - first.claims.iat).toBeGreaterThanOrEqual(TOKEN_REUSE_SECONDS);
    expect(fresh.claims.exp - fresh.claims.iat).toBe(43_200);
  });

  it('allows the custom domain, its www. form and the shop’s own domain, however the host is written', async () => {
    await licensed();
    for (const host of [
      'boutique-x.fr',
      'WWW.Boutique-X.FR',
      'www.boutique-x.fr.',
      'boutique-x.fr:443',
      shop,
      ' Boutique-X.myshopify.com ',
    ]) {
      const { answer, claims } = await checked(server, { shop: ' Boutique-X.MyShopify.com', host });
      expect(answer.status, host).toBe('active');
      expect(claims.aud).toBe(shop);
    }
  });

  it('answers inactive for any other host, naming the hosts the licence allows', async () => {
    const customer = await licensed();
    for (const host of ['autre-boutique.fr', 'shop.boutique-x.fr', '203.0.113.7', '[::1]']) {
      const { answer, claims } = await checked(server, { shop, host });
      const normalised = host;
      expect(answer, host).toEqual({
        status: 'inactive',
        token: answer.token,
        message: words.hostNotPaired(normalised),
        latest_version: latestThemeVersion,
        check_again_in: 3600,
      });
      expect(claims).toMatchObject({ sub: customer.licenceId, hosts: paired, plan: 'Scale' });
      expect(claims.exp - claims.iat).toBe(3600);
    }
  });

  it('lets the host pick among several licences of one shop', async () => {
    const customer = await loggedInCustomer(server);
    const first = await addLicence(server, customer.accessToken, 'premiere.fr', 'boutique-x');
    const second = await addLicence(server, customer.accessToken, 'seconde.fr', 'boutique-x');
    expect((await checked(server, { shop, host: 'www.premiere.fr' })).claims).toMatchObject({
      sub: first,
      hosts: ['premiere.fr', 'www.premiere.fr', shop],
    });
    expect((await checked(server, { shop, host: 'seconde.fr' })).claims.sub).toBe(second);
    expect((await checked(server, { shop, host: shop })).answer.status).toBe('active');
  });
});

describe('the subscription decides, as the portal judges it', () => {
  it('a trial answers trial; once it ran out, inactive with the dashboard’s words (the clock alone)', async () => {
    const registered = await call<{ customer: { _id: string } }>(
      server,
      'POST',
      '/api/client/auth/register',
      {
        body: {
          email: 'essai@example.test',
          password: 'Secret123',
          first_name: 'Léa',
          last_name: 'Petit',
          shop_domain: 'boutique-x',
        },
      },
    );
    expect(registered.status).toBe(201);
    const { accessToken } = await sessionFor(server, {
      kind: 'customer',
      id: registered.body.customer._id,
    });
    await addLicence(server, accessToken, 'boutique-x.fr', 'boutique-x');
    const trial = await checked(server, { shop, host: 'boutique-x.fr' });
    expect(trial.answer).toMatchObject({ status: 'trial', check_again_in: 43_200 });
    expect(trial.answer.message).toBeUndefined();
    expect(trial.claims).toMatchObject({ status: 'trial', plan: 'Basic' });
    server.clock.advance(TRIAL_DAYS * DAY + 1);
    const ended = await checked(server, { shop, host: 'boutique-x.fr' });
    expect(ended.answer).toMatchObject({
      status: 'inactive',
      message: messages.subscriptionRules.trialEnded,
      check_again_in: 3600,
    });
  });

  it('a failed payment answers grace with a message, an hour at a time', async () => {
    const paid = await paidCustomer();
    await postForm(`${await portal(paid.accessToken)}/fail-payment`);
    const { answer, claims } = await checked(server, { shop, host: 'boutique-x.fr' });
    expect(answer).toMatchObject({ status: 'grace', message: words.grace, check_again_in: 3600 });
    expect(claims).toMatchObject({ status: 'grace', plan: 'Scale' });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('a cancelled subscription stays active until its period ends, then answers inactive', async () => {
    const paid = await paidCustomer();
    const cancelled = await call<{ subscription: { current_period_end: string } }>(
      server,
      'POST',
      '/api/client/subscription/cancel',
      { token: paid.accessToken },
    );
    expect(cancelled.status).toBe(200);
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('active');
    const end = new Date(cancelled.body.subscription.current_period_end).getTime();
    server.clock.advance((end - server.clock.now().getTime()) / 1000 + 1);
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer).toMatchObject({
      status: 'inactive',
      message: messages.subscriptionRules.subscriptionEnded,
    });
  });

  it('an ended subscription answers inactive', async () => {
    const paid = await paidCustomer();
    await call(server, 'POST', '/api/client/subscription/cancel', { token: paid.accessToken });
    await postForm(`${await portal(paid.accessToken)}/advance`);
    const { answer, claims } = await checked(server, { shop, host: 'boutique-x.fr' });
    expect(answer).toMatchObject({
      status: 'inactive',
      message: messages.subscriptionRules.subscriptionEnded,
    });
    expect(claims.sub).toBe(paid.ids[0]);
  });

  it('a licence a downgrade set aside answers inactive; the one kept stays active', async () => {
    const paid = await paidCustomer(['boutique-x.fr', 'seconde.fr']);
    const [setAside, kept] = paid.ids as [string, string];
    const changed = await call(server, 'PUT', '/api/client/subscription/current', {
      token: paid.accessToken,
      body: { plan_id: 'basic', billingCycle: 'monthly', keep_licence_ids: [kept] },
    });
    expect(changed.status).toBe(200);
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer).toMatchObject({
      status: 'inactive',
      message: words.setAside,
    });
    const still = await checked(server, { shop, host: 'seconde.fr' });
    expect(still.answer.status).toBe('active');
    expect(still.claims).toMatchObject({ sub: kept, plan: 'Basic' });
    expect(setAside).not.toBe(kept);
  });
});

describe('a shop without a licence', () => {
  it('answers as an unknown shop does: same status, message and claims, nothing about the customer', async () => {
    // A customer whose profile names the shop, without any licence for it.
    await loggedInCustomer(server, { plan: 'scale', shop: 'sans-licence.myshopify.com' });
    const known = await checked(server, {
      shop: 'sans-licence.myshopify.com',
      host: 'www.sans-licence.fr',
    });
    const unknown = await checked(server, {
      shop: 'inconnue.myshopify.com',
      host: 'www.sans-licence.fr',
    });
    for (const { answer, claims } of [known, unknown]) {
      expect(answer).toEqual({
        status: 'inactive',
        token: answer.token,
        message: words.noLicence,
        latest_version: latestThemeVersion,
        check_again_in: 3600,
      });
      expect(Object.keys(claims).sort()).toEqual(
        ['aud', 'exp', 'hosts', 'iat', 'iss', 'latest_version', 'status'].sort(),
      );
      expect(claims).toMatchObject({ status: 'inactive', hosts: ['www.sans-licence.fr'] });
    }
    expect({ ...known.claims, aud: '' }).toEqual({ ...unknown.claims, aud: '' });
  });

  it('answers active as soon as a licence is added, and inactive again once it is deleted', async () => {
    const customer = await loggedInCustomer(server);
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('inactive');
    const id = await addLicence(server, customer.accessToken, 'boutique-x.fr', 'boutique-x');
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('active');
    await call(server, 'DELETE', `/api/client/licenses/${id}`, { token: customer.accessToken });
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.message).toBe(
      words.noLicence,
    );
  });
});

describe('suspension by an admin (rule 5)', () => {
  it('suspends with a reason: inactive, shown to the customer, locked; reinstated: active again', async () => {
    const customer = await licensed();
    const token = await adminToken();
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('active');

    const suspended = await call<{ message: string; license: Licence }>(
      server,
      'POST',
      `/api/admin/licenses/${customer.licenceId}/suspend`,
      { token, body: { reason: '  Thème utilisé sur une autre boutique  ' } },
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body.message).toBe(messages.licences.suspended);
    expect(suspended.body.license).toMatchObject({
      status: 'active',
      suspended_at: expect.any(String),
      suspension_reason: 'Thème utilisé sur une autre boutique',
    });
    const answer = await checked(server, { shop, host: 'boutique-x.fr' });
    expect(answer.answer).toMatchObject({ status: 'inactive', message: words.suspended });
    expect(answer.claims.sub).toBe(customer.licenceId);

    // The customer sees it, with its status as the contract has it, and cannot move it away.
    const [listed] = (await listOf(customer.accessToken)).licenses;
    expect(listed).toMatchObject({
      status: 'active',
      suspension_reason: 'Thème utilisé sur une autre boutique',
    });
    expect(listed?.suspended_at).toBe(suspended.body.license.suspended_at);
    for (const [method, body] of [
      ['PUT', { custom_domain: 'ailleurs.fr', shop_domain: 'ailleurs' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(server, method, `/api/client/licenses/${customer.licenceId}`, {
        token: customer.accessToken,
        ...(body === undefined ? {} : { body }),
      });
      expect(refused.status, method).toBe(403);
      expect(refused.body).toEqual({ message: messages.licences.suspendedLocked });
    }

    // Suspending again is refused (409: another admin may have done it) and changes nothing: the
    // first reason stays.
    const again = await call(server, 'POST', `/api/admin/licenses/${customer.licenceId}/suspend`, {
      token,
      body: { reason: 'Autre raison' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.admin.licenceAlreadySuspended });
    const kept = await call<{ license: Licence }>(
      server,
      'GET',
      `/api/admin/licenses/${customer.licenceId}`,
      { token },
    );
    expect(kept.body.license.suspension_reason).toBe('Thème utilisé sur une autre boutique');

    const reinstated = await call<{ message: string; license: Licence }>(
      server,
      'POST',
      `/api/admin/licenses/${customer.licenceId}/reinstate`,
      { token, body: { reason: 'Boutique vérifiée' } },
    );
    expect(reinstated.status).toBe(200);
    expect(reinstated.body.message).toBe(messages.licences.reinstated);
    expect(reinstated.body.license).toMatchObject({ suspended_at: null, suspension_reason: null });
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('active');
    const journal = await server.db.query<{ type: string; reason: string }>(
      `SELECT type, reason FROM journal WHERE licence_id = $1
         AND type IN ('licence_suspended', 'licence_reinstated') ORDER BY seq`,
      [customer.licenceId],
    );
    expect(journal).toEqual([
      { type: 'licence_suspended', reason: 'Thème utilisé sur une autre boutique' },
      { type: 'licence_reinstated', reason: 'Boutique vérifiée' },
    ]);
  });

  it('is for admins only, with a reason, on a licence that exists', async () => {
    const customer = await licensed();
    const url = `/api/admin/licenses/${customer.licenceId}/suspend`;
    const asCustomer = await call(server, 'POST', url, {
      token: customer.accessToken,
      body: { reason: 'Abus' },
    });
    expect(asCustomer.status).toBe(403);
    expect((await call(server, 'POST', url, { body: { reason: 'Abus' } })).status).toBe(401);
    const token = await adminToken();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await call(server, 'POST', url, { token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toHaveProperty('reason');
    }
    const missing = await call(server, 'POST', '/api/admin/licenses/inconnue/reinstate', {
      token,
      body: { reason: 'Test' },
    });
    expect(missing.status).toBe(404);
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.status).toBe('active');
  });
});

describe("'last seen' (rule 4)", () => {
  it('records a published theme’s successful check at most every 5 minutes, in the licence list', async () => {
    const customer = await licensed();
    const seen = async () => (await listOf(customer.accessToken)).licenses[0];
    expect(await seen()).toMatchObject({
      last_seen_at: null,
      last_seen_host: null,
      last_seen_version: null,
    });
    const before = server.clock.now().getTime();
    await checked(server, { shop, host: 'WWW.boutique-x.fr', theme_version: '2.0.0' });
    await until(async () => (await seen())?.last_seen_at !== null);
    expect(await seen()).toMatchObject({
      last_seen_host: 'www.boutique-x.fr',
      last_seen_version: '2.0.0',
    });
    const recorded = (await seen())?.last_seen_at;
    expectBetween(recorded, before, server.clock.now().getTime());

    // Within the interval: nothing written, whatever the host or version (30 s short of it, so
    // a slow machine's real seconds, which the test clock also counts, cannot reach it).
    server.clock.advance(LAST_SEEN_INTERVAL_SECONDS - 30);
    await checked(server, { shop, host: 'boutique-x.fr', theme_version: '2.1.0' });
    await settled();
    expect(await seen()).toMatchObject({ last_seen_at: recorded, last_seen_version: '2.0.0' });

    server.clock.advance(30);
    const later = server.clock.now().getTime();
    await checked(server, { shop, host: 'boutique-x.fr', theme_version: '2.1.0' });
    await until(async () => (await seen())?.last_seen_version === '2.1.0');
    expect(await seen()).toMatchObject({
      last_seen_host: 'boutique-x.fr',
      last_seen_version: '2.1.0',
    });
    expectBetween((await seen())?.last_seen_at, later, server.clock.now().getTime());
    const list = await listOf(customer.accessToken);
    expect(list.latest_version).toBe(latestThemeVersion);
  });

  it('records nothing for an unpublished or development theme, nor for an inactive answer', async () => {
    const customer = await licensed();
    await checked(server, { shop, host: 'boutique-x.fr', theme_role: 'unpublished' });
    await checked(server, { shop, host: 'boutique-x.fr', theme_role: 'development' });
    await checked(server, { shop, host: 'autre.fr' });
    await settled();
    expect((await listOf(customer.accessToken)).licenses[0]?.last_seen_at).toBeNull();
  });

  it('is written once by all the replicas together: the write is conditional', async () => {
    const customer = await licensed();
    await checked(server, { shop, host: 'boutique-x.fr' });
    const seenHost = async () => (await listOf(customer.accessToken)).licenses[0]?.last_seen_host;
    await until(async () => (await seenHost()) === 'boutique-x.fr');
    const { recordLicenceSighting } = await import('../../licences/licences.repo.ts');
    // Another process's throttle knows nothing of this one's: the database refuses the write.
    const wrote = await server.app.readCache.write(server.db, (tx, changed) =>
      recordLicenceSighting(
        tx,
        changed,
        { id: customer.licenceId, at: server.clock.now(), host: 'autre.fr', version: null },
        LAST_SEEN_INTERVAL_SECONDS,
      ),
    );
    expect(wrote).toBe(false);
    expect(await seenHost()).toBe('boutique-x.fr');
  });
});

/** `iso` is a date between the two moments (the test clock runs on the real one). */
function expectBetween(iso: string | null | undefined, from: number, to: number): void {
  const at = new Date(iso ?? '').getTime();
  expect(at).toBeGreaterThanOrEqual(from);
  expect(at).toBeLessThanOrEqual(to);
}

/** The 'last seen' write is not awaited by the answer: waits for it (fails after 10 s). */
async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition still false after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Lets a write that should not happen land if it were under way (the throttle decides before
 * the answer, so an answer without a write starts none).
 */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await server.db.query('SELECT 1');
}

describe('any storefront may call, the portal’s own API stays same-origin', () => {
  const storefront = { origin: 'https://www.boutique-x.fr' };

  it('answers the preflight: any origin, POST with a JSON body, kept by the browser', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/licences/verify',
      headers: {
        ...storefront,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type',
      'access-control-max-age': '86400',
    });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.body).toBe('');
  });

  it('lets a cross-origin fetch read the verdict, the keys and the refusals (CORS, and CORP for no-cors loads)', async () => {
    await licensed();
    const answers = [
      await verify(server, { shop, host: 'boutique-x.fr' }, { headers: storefront }),
      await verify(server, { shop: 'pas-shopify.fr', host: 'x.fr' }, { headers: storefront }),
      await call(server, 'GET', '/.well-known/jwks.json', { headers: storefront }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'Retry-After',
        // CORP only governs no-cors loads; 'cross-origin' keeps a COEP page able to embed it.
        'cross-origin-resource-policy': 'cross-origin',
      });
      // No credentials: '*' would make a browser refuse a credentialed request anyway.
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      // Nothing that would isolate or block the reader: no COEP/COOP on an API answer.
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
      // The CSP of a JSON answer governs no document: the fetching page is unaffected by it.
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(answers[2]?.headers['cache-control']).toBe('public, max-age=300');
    expect(answers[0]?.headers['cache-control']).toBe('no-store');
  });

  it('keeps CORS off the portal’s own calls', async () => {
    const customer = await licensed();
    for (const answer of [
      await call(server, 'GET', '/api/client/plans', { headers: storefront }),
      await call(server, 'GET', '/api/client/licenses', {
        headers: storefront,
        token: customer.accessToken,
      }),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/client/licenses',
      headers: { ...storefront, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('verifications racing writes answer the old or the new truth, never an error', () => {
  /**
   * 30 checks of `boutique-x.fr` sent with `write`: the write succeeds, and every check answers
   * 200, `active` (before it) or `inactive` with `newTruth` (after it), with a token that verifies.
   */
  async function racing(write: Promise<Answer>, newTruth: string) {
    const checks = Array.from({ length: 30 }, () =>
      verify(server, { shop, host: 'boutique-x.fr' }),
    );
    const [written, ...answers] = await settleAll<Answer>([write, ...checks]);
    expect(written).toMatchObject({ status: 'fulfilled', value: { status: 200 } });
    for (const settledAnswer of answers) {
      expect(settledAnswer.status).toBe('fulfilled');
      if (settledAnswer.status !== 'fulfilled') continue;
      expect(settledAnswer.value.status).toBe(200);
      const body = settledAnswer.value.body as { status: string; message?: string; token: string };
      expect(['active', `inactive:${newTruth}`]).toContain(
        body.status === 'active' ? 'active' : `${body.status}:${body.message}`,
      );
      await verifiedToken(server, body.token, shop);
    }
    // Once written, every answer is the new truth.
    expect((await checked(server, { shop, host: 'boutique-x.fr' })).answer.message).toBe(newTruth);
  }

  it('during a licence edit', async () => {
    const customer = await licensed();
    const edit = call(server, 'PUT', `/api/client/licenses/${customer.licenceId}`, {
      token: customer.accessToken,
      body: { custom_domain: 'nouveau-domaine.fr', shop_domain: 'boutique-x' },
    });
    await racing(edit, words.hostNotPaired('boutique-x.fr'));
    expect((await checked(server, { shop, host: 'nouveau-domaine.fr' })).answer.status).toBe(
      'active',
    );
  });

  it('during a plan change that sets the licence aside', async () => {
    const paid = await paidCustomer(['boutique-x.fr', 'seconde.fr']);
    const change = call(server, 'PUT', '/api/client/subscription/current', {
      token: paid.accessToken,
      body: { plan_id: 'basic', billingCycle: 'monthly', keep_licence_ids: [paid.ids[1]] },
    });
    await racing(change, words.setAside);
  });
});
