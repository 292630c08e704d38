import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  SETTINGS_SCHEMA_PATH,
  fileText,
  latestThemeVersion,
  stampLicenceConfig,
  themeFilesOf,
  zipTheme,
  type PublicJwk,
} from '@portal/theme';
import { uniqueDomain } from './dashboard.helpers.ts';
import { expect, expectNoAxeViolations, screenshotAt, test } from './fixtures.ts';
import { password, registerTrialAccount, uniqueEmail } from './lifecycle.helpers.ts';

/**
 * The back office's Licences, Versions and Indicateurs screens on the compiled server, signed in
 * as the demo admin (README, 'Run the product'). The licence acted on is this journey's own (a
 * trial customer's), as every journey makes its own data on the shared server.
 */
const ADMIN = { email: 'admin@theme-portal.test', password: 'Admin1234!' };

/** A trial customer of this journey with one licence: its shop and custom domains. */
async function customerWithLicence(request: APIRequestContext) {
  const email = uniqueEmail('admin-ecrans');
  await registerTrialAccount(request, email);
  const login = await request.post('/api/client/auth/login', { data: { email, password } });
  const { accessToken } = ((await login.json()) as { tokens: { accessToken: string } }).tokens;
  const label = uniqueDomain('bo');
  const custom = `${label}.fr`;
  const shop = `${label}.myshopify.com`;
  const created = await request.post('/api/client/licenses', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { custom_domain: custom, shop_domain: shop },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { custom, shop };
}

/** What the storefront's check answers for `shop` on `host`. */
async function verdict(request: APIRequestContext, shop: string, host: string): Promise<string> {
  const answer = await request.post('/api/licences/verify', {
    data: { shop, host, theme_role: 'main' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { status: string }).status;
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** Acts on the licence shown: the action's button, its reason, its confirmation. */
async function act(page: Page, action: string, title: string, reason: string, shop?: string) {
  const detail = page.getByRole('region', { name: /^Licence / });
  await detail.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole(action === 'Supprimer' ? 'alertdialog' : 'dialog', { name: title });
  if (shop !== undefined) await dialog.getByRole('textbox', { name: 'Domaine Shopify' }).fill(shop);
  await dialog.getByRole('textbox', { name: 'Raison' }).fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The next version's archive, made with the theme package's tools as a vendor makes it: the
 * latest release's files declaring the new version, with this portal's licence configuration.
 */
async function nextVersionArchive(request: APIRequestContext, baseURL: string) {
  const [major] = latestThemeVersion.split('.');
  const version = `${Number(major) + 1}.0.0`;
  const files = new Map(themeFilesOf(latestThemeVersion));
  const schema = JSON.parse(fileText(files, SETTINGS_SCHEMA_PATH)) as Record<string, unknown>[];
  schema[0]!.theme_version = version;
  files.set(SETTINGS_SCHEMA_PATH, new TextEncoder().encode(`${JSON.stringify(schema, null, 2)}\n`));
  const jwks = (await (await request.get('/.well-known/jwks.json')).json()) as {
    keys: PublicJwk[];
  };
  const archive = zipTheme(stampLicenceConfig(files, { portalOrigin: baseURL, jwks }));
  const file = path.join(
    mkdtempSync(path.join(tmpdir(), 'admin-screens-')),
    `theme-${version}.zip`,
  );
  writeFileSync(file, archive);
  return { version, file };
}

test('an admin suspends, reinstates and transfers a licence, publishes a version and reads the indicators', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { custom, shop } = await customerWithLicence(request);
  expect(await verdict(request, shop, custom)).toBe('trial');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Back-office' })
    .getByRole('link', { name: 'Licences' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();

  // Looked up by its shop domain.
  await page
    .getByRole('searchbox', { name: 'Domaine, boutique Shopify ou identifiant' })
    .fill(shop);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('table', { name: /^1 licence/ })).toBeVisible();
  await page.getByRole('button', { name: `Voir ${custom}` }).click();
  const detail = page.getByRole('region', { name: `Licence ${custom}` });
  await expect(detail.getByText(shop)).toBeVisible();

  // Suspended: the storefront's check answers inactive.
  await act(page, 'Suspendre', 'Suspendre la licence', 'Boutique impayée depuis octobre');
  await expect(detail.getByText('Suspendue', { exact: true })).toBeVisible();
  await expect(detail.getByText(/Boutique impayée depuis octobre/)).toBeVisible();
  expect(await verdict(request, shop, custom)).toBe('inactive');
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-licences-suspended', 1280);

  // Reinstated: active again (the trial's verdict).
  await act(page, 'Réactiver', 'Réactiver la licence', 'Paiement reçu');
  await expect(detail.getByRole('button', { name: 'Suspendre', exact: true })).toBeVisible();
  expect(await verdict(request, shop, custom)).toBe('trial');

  // Transferred to another shop: the check answers for the new one.
  const moved = uniqueDomain('bo-nouvelle');
  await act(page, 'Transférer', 'Transférer la licence', 'La boutique a changé', moved);
  await expect(detail.getByText(`${moved}.myshopify.com`)).toBeVisible();
  expect(await verdict(request, `${moved}.myshopify.com`, custom)).toBe('trial');
  await screenshotAt(page, 'admin-licences-transferred', 1280);

  // A version published from an archive, then listed.
  const { version, file } = await nextVersionArchive(request, baseURL ?? '');
  await page
    .getByRole('navigation', { name: 'Back-office' })
    .getByRole('link', { name: 'Versions' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Versions' })).toBeVisible();
  await page.getByLabel('Archive du thème (.zip)').setInputFiles(file);
  await page.getByRole('textbox', { name: 'Version', exact: true }).fill(version);
  await page
    .getByRole('textbox', { name: /Notes de version/ })
    .fill('Nouveau bloc FAQ\nMenu mobile plus lisible');
  await page.getByRole('button', { name: 'Publier la version' }).click();
  await expect(
    page.getByText(new RegExp(`^Version ${version.replace(/\./g, '\\.')} publiée\\.`)),
  ).toBeVisible({
    timeout: 30_000,
  });
  const row = page.getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('admin@theme-portal.test')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-versions', 1280);

  // The indicators: the chart drawn, the same numbers in tables.
  await page
    .getByRole('navigation', { name: 'Back-office' })
    .getByRole('link', { name: 'Indicateurs' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Indicateurs' })).toBeVisible();
  const chart = page.getByRole('img', { name: /Courbe du revenu mensuel récurrent/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Mouvements du revenu mensuel récurrent' }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Revenu mensuel récurrent à la fin de chaque jour' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-indicateurs', 1280);
});
