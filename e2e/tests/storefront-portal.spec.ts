import type { APIRequestContext, Page } from '@playwright/test';
import { latestThemeVersion } from '@portal/theme';
import { createPaidCustomer, logIn, addLicence, uniqueDomain } from './dashboard.helpers.ts';
import { expectAppLive, expectNoAxeViolations, screenshotAt } from './fixtures.ts';
import { licenceCard } from './lifecycle.helpers.ts';
import { expect, test, type OpenStorefront } from './storefront.fixtures.ts';

// The merchant's storefront (the real theme, served as in theme-licence.spec.ts) checks its
// licence with the portal; the licences tab then says what it reported (docs/product.md,
// 'Licences tab'): when, from which host, which version, whether a newer one exists, and the
// licence's standing, a suspension with its reason.

const DEMO_ADMIN = { email: 'admin@theme-portal.test', password: 'Admin1234!' };
const OLDER_VERSION = '2.0.0';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function accessToken(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/client/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

interface ListedLicence {
  _id: string;
  custom_domain: string;
  last_seen_at: string | null;
}

async function listedLicence(request: APIRequestContext, token: string, custom: string) {
  const listed = await request.get('/api/client/licenses', { headers: bearer(token) });
  const { licenses } = (await listed.json()) as { licenses: ListedLicence[] };
  return licenses.find((licence) => licence.custom_domain === custom);
}

/** The shop's home page under its custom domain, until its theme has checked with the portal. */
async function visitShop(opened: OpenStorefront, custom: string): Promise<string> {
  const shopPage = await opened.context.newPage();
  const verified = shopPage.waitForResponse(
    (response) => response.url().endsWith('/api/licences/verify') && response.status() === 200,
  );
  await shopPage.goto(opened.urlOf(custom));
  const verdict = (await (await verified).json()) as { status: string; latest_version: string };
  expect(verdict.latest_version).toBe(latestThemeVersion);
  await expect(shopPage.locator('.theme-licence-notice')).toHaveCount(0);
  return verdict.status;
}

/** The dashboard's licences tab, its reports read at `at` (the browser's clock held there). */
async function openLicencesAt(page: Page, at: number): Promise<void> {
  await page.clock.setFixedTime(at);
  await page.goto('/dashboard?tab=licences');
  await expectAppLive(page);
}

/** The page's cumulative layout shift so far (shifts right after an input aside). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[];
          resolve(shifts.reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

test('the storefront checks its licence; the licences tab says when, where, which version and the standing', async ({
  page,
  request,
  baseURL,
  openStorefront,
}) => {
  const customer = await createPaidCustomer(request, baseURL!);
  const current = uniqueDomain('vitrine');
  const older = uniqueDomain('ancienne');
  const shops = [current, older].map((name) => ({
    shop: `${name}.myshopify.com`,
    custom: `www.${name}.fr`,
  }));
  const [currentShop, olderShop] = shops as [(typeof shops)[0], (typeof shops)[0]];

  await logIn(page, customer.email, customer.password);
  for (const { custom, shop } of shops) await addLicence(page, custom, shop);
  // Before any check: the theme has not reported.
  await expect(licenceCard(page, currentShop.custom)).toContainText(
    'Le thème ne s’est pas encore manifesté sur cette boutique.',
  );

  // The theme as its archive ships it: built for this portal, with its public keys.
  const jwks = await (await request.get('/.well-known/jwks.json')).json();
  const stamp = { portalOrigin: baseURL!, jwks };
  const latestShop = await openStorefront({ stamp, domains: currentShop });
  expect(await visitShop(latestShop, currentShop.custom)).toBe('active');
  const olderStore = await openStorefront({ stamp, domains: olderShop, version: OLDER_VERSION });
  expect(await visitShop(olderStore, olderShop.custom)).toBe('active');

  // The check is recorded (written apart from its answer): the list says when.
  const token = await accessToken(request, customer.email, customer.password);
  let seenAt = 0;
  for (const { custom } of shops) {
    await expect
      .poll(async () => (await listedLicence(request, token, custom))?.last_seen_at ?? null)
      .not.toBeNull();
    const seen = (await listedLicence(request, token, custom))?.last_seen_at;
    seenAt = Math.max(seenAt, Date.parse(seen!));
  }

  // Five minutes after the later check, on the browser's clock.
  await openLicencesAt(page, seenAt + 5 * 60_000);
  const currentRow = licenceCard(page, currentShop.custom);
  await expect(currentRow.getByText('Vérifiée il y a 5 minutes')).toBeVisible();
  await expect(
    currentRow.getByText(`Sur ${currentShop.custom}, version ${latestThemeVersion}`),
  ).toBeVisible();
  await expect(currentRow.getByText('Version à jour')).toBeVisible();
  await expect(
    currentRow.getByText('Active : le thème est autorisé sur cette boutique.'),
  ).toBeVisible();
  await expect(currentRow.getByText(/Mise à jour disponible/)).toHaveCount(0);
  // The rows kept the reports' place (frame and app): nothing moved when they came.
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

  const olderRow = licenceCard(page, olderShop.custom);
  await expect(olderRow.getByText(/^Vérifiée il y a \d+ minutes?$/)).toBeVisible();
  await expect(
    olderRow.getByText(`Sur ${olderShop.custom}, version ${OLDER_VERSION}`),
  ).toBeVisible();
  await expect(
    olderRow.getByText(`Mise à jour disponible : version ${latestThemeVersion}`),
  ).toBeVisible();
  await expect(olderRow.getByRole('link', { name: 'Voir les nouveautés' })).toHaveAttribute(
    'href',
    `/dashboard?tab=themes#version-${latestThemeVersion}`,
  );
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'licences-reports', 1280);
  await screenshotAt(page, 'licences-reports', 375);

  // An admin suspends the older shop's licence (the admin licence API, the demo admin).
  const adminToken = await accessToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const olderLicence = await listedLicence(request, token, olderShop.custom);
  const reason = 'Paiement contesté auprès de la banque';
  const suspended = await request.post(`/api/admin/licenses/${olderLicence!._id}/suspend`, {
    headers: bearer(adminToken),
    data: { reason },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openLicencesAt(page, seenAt + 5 * 60_000);
  await expect(
    licenceCard(page, olderShop.custom).getByText(`Suspendue : ${reason}`),
  ).toBeVisible();
  await expect(
    licenceCard(page, olderShop.custom).locator('.ui-badge', { hasText: 'Suspendue' }),
  ).toBeVisible();
  await expect(
    licenceCard(page, currentShop.custom).getByText(
      'Active : le thème est autorisé sur cette boutique.',
    ),
  ).toBeVisible();
  await screenshotAt(page, 'licences-suspended', 1280);

  // The update's link leads to the release's notes in the 'Thème' tab.
  await licenceCard(page, olderShop.custom)
    .getByRole('link', { name: 'Voir les nouveautés' })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/dashboard\\?tab=themes#version-${latestThemeVersion}$`),
  );
});
