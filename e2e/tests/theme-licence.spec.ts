import type { Page } from '@playwright/test';
import { expectNoAxeViolations, holdPageTime } from './fixtures.ts';
import { startLicenceSigner, nowSeconds, type LicenceSigner } from './licence-signer.ts';
import {
  CUSTOM_DOMAIN,
  SHOP_DOMAIN,
  expect,
  test,
  type OpenStorefront,
  type StorefrontOptions,
} from './storefront.fixtures.ts';

// The theme's licence script (packages/theme/theme/assets/theme-licence.js) in Chromium, on the
// theme's storefront page under the shop's two domains, against a local signer standing in for
// the portal (docs/decisions.md, 'Theme'). Its pure parts are unit-tested in the theme package.

// Each test has its own signer, storefront and Chromium: they spread over both workers.
test.describe.configure({ mode: 'parallel' });

const STORAGE_KEY = 'theme-boutique:licence';
const BUILT_IN_NOTICE = 'Ce thème n’est pas activé pour cette boutique.';
const GRACE_SECONDS = 7 * 24 * 3600;

let signer: LicenceSigner;
test.beforeEach(async () => {
  signer = await startLicenceSigner();
});
test.afterEach(async () => {
  await signer.close();
});

/**
 * Counts, inside the page, the `fetch` calls and the WebCrypto work the script starts, so a test
 * can tell when the script has finished without waiting on the clock.
 */
async function instrument(opened: OpenStorefront): Promise<void> {
  await opened.context.addInitScript(() => {
    const probe = { fetches: 0, fetchedAt: 0, busy: 0 };
    Object.assign(window, { licenceProbe: probe });
    const fetch = window.fetch.bind(window);
    window.fetch = (...args) => {
      probe.fetches += 1;
      probe.fetchedAt = Date.now();
      return fetch(...args);
    };
    const subtle = globalThis.crypto?.subtle;
    if (subtle === undefined) return;
    for (const name of ['importKey', 'verify'] as const) {
      const original = subtle[name].bind(subtle) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(subtle, {
        [name]: (...args: unknown[]) => {
          probe.busy += 1;
          return original(...args).finally(() => (probe.busy -= 1));
        },
      });
    }
  });
}

/**
 * Once the page has loaded, waits until the script can do nothing more: no WebCrypto work in
 * flight over two idle periods (its own idle callback, if it has one, runs before ours). Gives
 * how many requests it made.
 */
async function settled(page: Page): Promise<number> {
  await page.waitForLoadState('load');
  return page.evaluate(async () => {
    const probe = (window as unknown as { licenceProbe: { fetches: number; busy: number } })
      .licenceProbe;
    const idle = () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve)));
    for (let quiet = 0; quiet < 2;) {
      await idle();
      quiet = probe.busy === 0 ? quiet + 1 : 0;
    }
    return probe.fetches;
  });
}

async function visit(
  openStorefront: (options: StorefrontOptions) => Promise<OpenStorefront>,
  options: Partial<StorefrontOptions> = {},
) {
  const opened = await openStorefront({ stamp: signer.stamp, ...options });
  await instrument(opened);
  const page = await opened.context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { opened, page, errors };
}

/** Writes the stored entry on the shop's origin before the script first runs there. */
async function seed(page: Page, url: string, entry: string): Promise<void> {
  await page.goto(new URL('/seed', url).href);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: entry,
  });
}

const storedText = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);

const storedEntry = async (page: Page): Promise<unknown> =>
  JSON.parse((await storedText(page)) ?? 'null');

const notice = (page: Page) => page.locator('.theme-licence-notice');

/** A compact JWS with `alg: none`: the token a forger would try. */
function unsignedToken(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', kid: 'portal-2026-01' })}.${part(claims)}.`;
}

test.describe('the storefront page', () => {
  test('renders the theme under both domains mapped to 127.0.0.1, as secure contexts', async ({
    openStorefront,
  }) => {
    const { page, opened, errors } = await visit(openStorefront);
    for (const domain of [CUSTOM_DOMAIN, SHOP_DOMAIN] as const) {
      await page.goto(opened.urlOf(domain));
      await expect(page).toHaveTitle('Boutique X');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Bienvenue dans notre boutique',
      );
      await expect(page.getByRole('heading', { name: 'Ils nous font confiance' })).toBeVisible();
      expect(
        await page.evaluate(() => ({
          host: location.hostname,
          secure: isSecureContext,
          shop: (window as unknown as { Shopify: { shop: string } }).Shopify.shop,
          background: getComputedStyle(document.body).backgroundColor,
        })),
      ).toEqual({
        host: domain,
        secure: true,
        shop: SHOP_DOMAIN,
        background: 'rgb(251, 250, 247)',
      });
    }
    expect(errors).toEqual([]);
  });
});

test.describe('the licence script', () => {
  test('an active licence: one request after load, nothing shown, then none while the token is fresh', async ({
    openStorefront,
  }) => {
    const { page, opened, errors } = await visit(openStorefront);
    await opened.context.addCookies([{ name: 'portal', value: 'session', url: signer.origin }]);
    const token = await signer.token('active');
    signer.replyWith({ kind: 'token', token });

    await page.goto(opened.urlOf(CUSTOM_DOMAIN));
    await expect.poll(() => storedEntry(page)).toEqual({ token });
    expect(signer.verifyCalls).toEqual([
      {
        body: {
          shop: SHOP_DOMAIN,
          host: CUSTOM_DOMAIN,
          theme_version: '2.1.0',
          theme_role: 'main',
          design_mode: false,
        },
        origin: `http://${CUSTOM_DOMAIN}:${opened.storefront.port}`,
        cookie: undefined,
      },
    ]);
    await expect(notice(page)).toHaveCount(0);

    await page.reload();
    expect(await settled(page)).toBe(0);
    await expect(notice(page)).toHaveCount(0);
    expect(signer.verifyCalls).toHaveLength(1);
    expect(signer.jwksCalls()).toBe(0);

    // The .myshopify.com domain is another origin: it keeps its own answer.
    await page.goto(opened.urlOf(SHOP_DOMAIN));
    await expect.poll(() => signer.verifyCalls.length).toBe(2);
    expect(signer.verifyCalls[1]?.body).toMatchObject({ host: SHOP_DOMAIN });
    expect(errors).toEqual([]);
  });

  test('an inactive licence: a fixed French notice in a corner, the portal’s message as text, dismissible', async ({
    openStorefront,
  }) => {
    const { page, opened, errors } = await visit(openStorefront);
    const message = 'Licence <b>inactive</b> : renouvelez votre abonnement dans le portail.';
    signer.replyWith({ kind: 'token', token: await signer.token('inactive'), message });

    await page.goto(opened.urlOf(CUSTOM_DOMAIN));
    const shown = page.getByRole('status');
    await expect(shown.getByText(message, { exact: true })).toBeVisible();
    await expect(shown.locator('b')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const placement = await notice(page).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        position: getComputedStyle(element).position,
        right: Math.round(innerWidth - box.right),
        bottom: Math.round(innerHeight - box.bottom),
      };
    });
    expect(placement).toEqual({ position: 'fixed', right: 16, bottom: 16 });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Fermer l’avis' }).click();
    await expect(notice(page)).toHaveCount(0);
    await expect.poll(() => storedEntry(page)).toMatchObject({ message, closed: true });
    await page.reload();
    expect(await settled(page)).toBe(0);
    await expect(notice(page)).toHaveCount(0);
    expect(signer.verifyCalls).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('an inactive answer without a message shows the theme’s own French sentence', async ({
    openStorefront,
  }) => {
    const { page, opened } = await visit(openStorefront);
    signer.replyWith({ kind: 'token', token: await signer.token('inactive') });
    await page.goto(opened.urlOf(SHOP_DOMAIN));
    await expect(
      page.getByRole('status').getByText(BUILT_IN_NOTICE, { exact: true }),
    ).toBeVisible();
  });

  test('a kept inactive token shows the notice again with no request', async ({
    openStorefront,
  }) => {
    const { page, opened } = await visit(openStorefront);
    await seed(
      page,
      opened.urlOf(CUSTOM_DOMAIN),
      JSON.stringify({ token: await signer.token('inactive') }),
    );
    await page.goto(opened.urlOf(CUSTOM_DOMAIN));
    await expect(
      page.getByRole('status').getByText(BUILT_IN_NOTICE, { exact: true }),
    ).toBeVisible();
    expect(await settled(page)).toBe(0);
    expect(signer.verifyCalls).toHaveLength(0);
  });

  test('in the theme editor it asks with design_mode but never shows the notice', async ({
    openStorefront,
  }) => {
    const { page, opened } = await visit(openStorefront, { designMode: true });
    const token = await signer.token('inactive');
    signer.replyWith({ kind: 'token', token });
    await page.goto(opened.urlOf(SHOP_DOMAIN));
    await expect.poll(() => storedEntry(page)).toEqual({ token });
    expect(signer.verifyCalls[0]?.body).toMatchObject({ design_mode: true, theme_role: 'main' });
    await expect(notice(page)).toHaveCount(0);
  });

  for (const role of ['unpublished', 'development'] as const) {
    test(`an ${role} theme makes no request and shows nothing`, async ({ openStorefront }) => {
      const { page, opened, errors } = await visit(openStorefront, { role });
      signer.replyWith({ kind: 'token', token: await signer.token('inactive') });
      await page.goto(opened.urlOf(SHOP_DOMAIN));
      expect(await settled(page)).toBe(0);
      await expect(notice(page)).toHaveCount(0);
      expect(await storedEntry(page)).toBeNull();
      expect(signer.verifyCalls).toHaveLength(0);
      expect(errors).toEqual([]);
    });
  }

  const untrusted: [string, (s: LicenceSigner) => Promise<string>][] = [
    [
      'altered after signing',
      async (s) => {
        const [header, payload, signature] = (await s.token('inactive')).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        const altered = Buffer.from(JSON.stringify({ ...claims, status: 'active' })).toString(
          'base64url',
        );
        return `${header}.${altered}.${signature}`;
      },
    ],
    [
      'for another shop',
      (s) => s.token('active', { claims: { aud: 'autre-boutique.myshopify.com' } }),
    ],
    ['for another host', (s) => s.token('active', { claims: { hosts: ['autre-boutique.fr'] } })],
    [
      'from another issuer',
      (s) => s.token('active', { claims: { iss: 'https://faux-portail.example' } }),
    ],
    ['signed with a key the portal never published', (s) => s.token('active', { key: 'stranger' })],
    [
      'with alg none',
      async (s) =>
        unsignedToken({
          iss: s.origin,
          aud: SHOP_DOMAIN,
          status: 'active',
          hosts: ['boutique-x.fr'],
          exp: nowSeconds() + 3600,
        }),
    ],
    ['that is not a token', async () => 'pas-un-jeton'],
  ];
  for (const [name, makeToken] of untrusted) {
    test(`a kept token ${name} is dropped and the portal asked again`, async ({
      openStorefront,
    }) => {
      const { page, opened, errors } = await visit(openStorefront);
      await seed(
        page,
        opened.urlOf(CUSTOM_DOMAIN),
        JSON.stringify({ token: await makeToken(signer) }),
      );
      const token = await signer.token('active');
      signer.replyWith({ kind: 'token', token });
      await page.goto(opened.urlOf(CUSTOM_DOMAIN));
      await expect.poll(() => storedEntry(page)).toEqual({ token });
      await expect(notice(page)).toHaveCount(0);
      expect(signer.verifyCalls).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  }

  test('a stored entry that is not JSON is replaced, without an error', async ({
    openStorefront,
  }) => {
    const { page, opened, errors } = await visit(openStorefront);
    await seed(page, opened.urlOf(CUSTOM_DOMAIN), '{pas du JSON');
    const token = await signer.token('trial');
    signer.replyWith({ kind: 'token', token });
    await page.goto(opened.urlOf(CUSTOM_DOMAIN));
    await expect.poll(() => storedText(page)).toBe(JSON.stringify({ token }));
    expect(errors).toEqual([]);
  });

  test('a token signed with a rotated key is checked against the refreshed JWKS', async ({
    openStorefront,
  }) => {
    const { page, opened } = await visit(openStorefront);
    const token = await signer.token('active', { key: 'rotated' });
    signer.replyWith({ kind: 'token', token });
    await page.goto(opened.urlOf(CUSTOM_DOMAIN));
    await expect.poll(() => storedEntry(page)).toEqual({ token });
    expect(signer.jwksCalls()).toBe(1);
  });

  test.describe('when the portal cannot be reached', () => {
    const expiredAnswer = async (status: 'active' | 'inactive', expiredFor: number) => {
      const iat = nowSeconds() - expiredFor - 12 * 3600;
      const token = await signer.token(status, { claims: { iat, exp: iat + 12 * 3600 } });
      return { token, message: 'Merci' };
    };

    for (const status of [503, 500, 429]) {
      test(`an HTTP ${status} keeps the last good answer within 7 days past its expiry, shows nothing`, async ({
        openStorefront,
      }) => {
        const { page, opened } = await visit(openStorefront);
        const kept = await expiredAnswer('active', 3600);
        await seed(page, opened.urlOf(CUSTOM_DOMAIN), JSON.stringify(kept));
        signer.replyWith({ kind: 'status', status });
        const before = Date.now() / 1000;
        await page.goto(opened.urlOf(CUSTOM_DOMAIN));
        await expect
          .poll(() => storedEntry(page))
          .toMatchObject({ ...kept, retry: expect.any(Number) });
        const { retry } = (await storedEntry(page)) as { retry: number };
        expect(retry - before).toBeGreaterThanOrEqual(15 * 60);
        expect(retry - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);
        await expect(notice(page)).toHaveCount(0);
      });
    }

    test('past the grace, or for an answer that was not good, nothing is kept and nothing shown', async ({
      openStorefront,
    }) => {
      const { page, opened } = await visit(openStorefront);
      signer.replyWith({ kind: 'status', status: 503 });
      for (const kept of [
        await expiredAnswer('active', GRACE_SECONDS + 60),
        await expiredAnswer('inactive', 60),
      ]) {
        await seed(page, opened.urlOf(CUSTOM_DOMAIN), JSON.stringify(kept));
        await page.goto(opened.urlOf(CUSTOM_DOMAIN));
        await expect.poll(() => storedEntry(page)).toEqual({ retry: expect.any(Number) });
        await expect(notice(page)).toHaveCount(0);
      }
      expect(signer.verifyCalls).toHaveLength(2);
    });

    test('a refused connection is a failure like the others', async ({ openStorefront }) => {
      const { page, opened, errors } = await visit(openStorefront);
      await signer.close();
      await page.goto(opened.urlOf(CUSTOM_DOMAIN));
      await expect.poll(() => storedEntry(page)).toEqual({ retry: expect.any(Number) });
      await expect(notice(page)).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('after a failure it waits 15 minutes before asking again', async ({ openStorefront }) => {
      const { page, opened } = await visit(openStorefront);
      signer.replyWith({ kind: 'token', token: await signer.token('active') });
      await seed(page, opened.urlOf(CUSTOM_DOMAIN), JSON.stringify({ retry: nowSeconds() + 600 }));
      await page.goto(opened.urlOf(CUSTOM_DOMAIN));
      expect(await settled(page)).toBe(0);
      expect(signer.verifyCalls).toHaveLength(0);

      await seed(page, opened.urlOf(CUSTOM_DOMAIN), JSON.stringify({ retry: nowSeconds() - 1 }));
      await page.goto(opened.urlOf(CUSTOM_DOMAIN));
      await expect.poll(() => signer.verifyCalls.length).toBe(1);
    });

    test('an answer that never comes is abandoned after 5 s, the page shown all along', async ({
      openStorefront,
    }) => {
      const { page, opened } = await visit(openStorefront);
      signer.replyWith({ kind: 'hang' });
      await holdPageTime(page);
      await page.goto(opened.urlOf(CUSTOM_DOMAIN));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The request waits for an idle moment after load: let the page's (fake) time run until it is sent.
      await expect
        .poll(async () => {
          await page.clock.runFor(100);
          return signer.verifyCalls.length;
        })
        .toBe(1);
      const { fetchedAt, now } = await page.evaluate(() => ({
        fetchedAt: (window as unknown as { licenceProbe: { fetchedAt: number } }).licenceProbe
          .fetchedAt,
        now: Date.now(),
      }));
      await page.clock.runFor(fetchedAt + 4990 - now);
      expect(await storedEntry(page)).toBeNull();
      await page.clock.runFor(20);
      await expect.poll(() => storedEntry(page)).toEqual({ retry: expect.any(Number) });
      await expect(notice(page)).toHaveCount(0);
    });
  });

  const withoutEd25519: [string, () => void][] = [
    [
      'WebCrypto without Ed25519',
      () => {
        const importKey = crypto.subtle.importKey.bind(crypto.subtle);
        crypto.subtle.importKey = ((...args: Parameters<typeof importKey>) =>
          JSON.stringify(args[2]).includes('Ed25519')
            ? Promise.reject(new DOMException('Algorithm: Unrecognized name', 'NotSupportedError'))
            : importKey(...args)) as typeof importKey;
      },
    ],
    [
      'no WebCrypto at all',
      () => {
        Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });
      },
    ],
  ];
  for (const [name, oldBrowser] of withoutEd25519) {
    test(`an older browser (${name}) gets no request, no notice and no error`, async ({
      openStorefront,
    }) => {
      const { page, opened, errors } = await visit(openStorefront);
      await opened.context.addInitScript(oldBrowser);
      signer.replyWith({ kind: 'token', token: await signer.token('inactive') });
      await page.goto(opened.urlOf(CUSTOM_DOMAIN));
      expect(await settled(page)).toBe(0);
      await expect(notice(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(signer.verifyCalls).toHaveLength(0);
      expect(errors).toEqual([]);
    });
  }
});
