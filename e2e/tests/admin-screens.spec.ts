import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Indicators } from '@portal/core/admin';
import {
  SETTINGS_SCHEMA_PATH,
  fileText,
  latestThemeVersion,
  stampLicenceConfig,
  themeFilesOf,
  zipTheme,
  type PublicJwk,
} from '@portal/theme';
import { createPaidCustomer, logIn, uniqueDomain } from './dashboard.helpers.ts';
import { expectNoAxeViolations, screenshotAt } from './fixtures.ts';
import {
  cancelAndEndPeriod,
  expectAttached,
  expectStatus,
  password,
  payInSandbox,
  planCard,
  registerTrialAccount,
  signInToSubscription,
  subscriptionSummary,
  uniqueEmail,
} from './lifecycle.helpers.ts';
import { expect, test, type OpenStorefront } from './storefront.fixtures.ts';

/**
 * The back office's Licences, Versions and Indicateurs screens on the compiled server, signed in
 * as the demo admin (README, 'Run the product'), and what they change for the merchants: the
 * storefront's licence notice, the 'Thème' tab's current version, the indicators' figures. Each
 * journey makes its own customers, as every journey does on the shared server.
 */
const ADMIN = { email: 'admin@theme-portal.test', password: 'Admin1234!' };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function accessToken(request: APIRequestContext, email: string, secret: string) {
  const login = await request.post('/api/client/auth/login', { data: { email, password: secret } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

/** A trial customer of this journey with one licence: its shop and custom domains. */
async function customerWithLicence(request: APIRequestContext) {
  const email = uniqueEmail('admin-ecrans');
  await registerTrialAccount(request, email);
  const token = await accessToken(request, email, password);
  const label = uniqueDomain('bo');
  const custom = `${label}.fr`;
  const shop = `${label}.myshopify.com`;
  const created = await request.post('/api/client/licenses', {
    headers: bearer(token),
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

/**
 * The shop's home page under its custom domain in a fresh browser context: the theme keeps its
 * last answer in localStorage and asks again only once that token expires (packages/theme's
 * README, 'The licence check'), so a visitor who never came asks the portal now. Answers once
 * the theme has kept the portal's answer (the notice, if any, is shown by then).
 */
async function visitShop(store: OpenStorefront, custom: string) {
  const context = await store.context.browser()!.newContext({ locale: 'fr-FR' });
  const shopPage = await context.newPage();
  const answered = shopPage.waitForResponse(
    (response) =>
      response.url().endsWith('/api/licences/verify') && response.request().method() === 'POST',
  );
  await shopPage.goto(store.urlOf(custom));
  const answer = await answered;
  expect(answer.status()).toBe(200);
  const { status } = (await answer.json()) as { status: string };
  await expect
    .poll(() => shopPage.evaluate(() => localStorage.getItem('theme-boutique:licence')))
    .not.toBeNull();
  return { shopPage, status, notice: shopPage.locator('.theme-licence-notice') };
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

async function openAdminScreen(page: Page, name: 'Licences' | 'Versions' | 'Indicateurs') {
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
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

/** A page of its own (its own session) on the portal, for a merchant beside the admin. */
async function merchantPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  return context.newPage();
}

test('an admin suspends a licence: its storefront shows the notice; reinstated, none; then transfers it', async ({
  page,
  request,
  baseURL,
  openStorefront,
}) => {
  test.setTimeout(120_000);
  const { custom, shop } = await customerWithLicence(request);
  expect(await verdict(request, shop, custom)).toBe('trial');

  // The real theme for this licence's shop, built for this portal with its public keys.
  const jwks = (await (await request.get('/.well-known/jwks.json')).json()) as {
    keys: PublicJwk[];
  };
  const store = await openStorefront({
    stamp: { portalOrigin: baseURL!, jwks },
    domains: { shop, custom },
  });
  const beforeSuspension = await visitShop(store, custom);
  expect(beforeSuspension.status).toBe('trial');
  await expect(beforeSuspension.notice).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await openAdminScreen(page, 'Licences');

  // Looked up by its shop domain.
  await page
    .getByRole('searchbox', { name: 'Domaine, boutique Shopify ou identifiant' })
    .fill(shop);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('table', { name: /^1 licence/ })).toBeVisible();
  await page.getByRole('button', { name: `Voir ${custom}` }).click();
  const detail = page.getByRole('region', { name: `Licence ${custom}` });
  await expect(detail.getByText(shop)).toBeVisible();

  // Suspended: the storefront's check answers inactive, and the theme shows its French notice.
  await act(page, 'Suspendre', 'Suspendre la licence', 'Boutique impayée depuis octobre');
  await expect(detail.getByText('Suspendue', { exact: true })).toBeVisible();
  await expect(detail.getByText(/Boutique impayée depuis octobre/)).toBeVisible();
  expect(await verdict(request, shop, custom)).toBe('inactive');
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-licences-suspended', 1280);

  const suspended = await visitShop(store, custom);
  expect(suspended.status).toBe('inactive');
  await expect(suspended.notice).toBeVisible();
  await expect(suspended.notice.locator('p')).toHaveText(
    'Cette licence est suspendue : contactez le support pour la réactiver.',
  );
  await expect(suspended.notice.getByRole('button', { name: 'Fermer l’avis' })).toBeVisible();
  await screenshotAt(suspended.shopPage, 'admin-storefront-suspended', 1280);

  // Reinstated: active again (the trial's verdict), and a visitor's storefront shows no notice.
  await act(page, 'Réactiver', 'Réactiver la licence', 'Paiement reçu');
  await expect(detail.getByRole('button', { name: 'Suspendre', exact: true })).toBeVisible();
  expect(await verdict(request, shop, custom)).toBe('trial');
  const reinstated = await visitShop(store, custom);
  expect(reinstated.status).toBe('trial');
  await expect(reinstated.notice).toHaveCount(0);
  await screenshotAt(reinstated.shopPage, 'admin-storefront-reinstated', 1280);

  // Transferred to another shop: the check answers for the new one.
  const moved = uniqueDomain('bo-nouvelle');
  await page.setViewportSize({ width: 1280, height: 900 });
  await act(page, 'Transférer', 'Transférer la licence', 'La boutique a changé', moved);
  await expect(detail.getByText(`${moved}.myshopify.com`)).toBeVisible();
  expect(await verdict(request, `${moved}.myshopify.com`, custom)).toBe('trial');
  await screenshotAt(page, 'admin-licences-transferred', 1280);
});

test('an admin publishes a version: a merchant’s Thème tab shows it as the current one, with its notes', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const merchant = await createPaidCustomer(request, baseURL!);
  const { version, file } = await nextVersionArchive(request, baseURL!);
  const notes = ['Nouveau bloc FAQ', 'Menu mobile plus lisible'];

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await openAdminScreen(page, 'Versions');
  await page.getByLabel('Archive du thème (.zip)').setInputFiles(file);
  await page.getByRole('textbox', { name: 'Version', exact: true }).fill(version);
  await page.getByRole('textbox', { name: /Notes de version/ }).fill(notes.join('\n'));
  await page.getByRole('button', { name: 'Publier la version' }).click();
  const escaped = version.replace(/\./g, '\\.');
  await expect(page.getByText(new RegExp(`^Version ${escaped} publiée\\.`))).toBeVisible({
    timeout: 30_000,
  });
  const row = page.getByRole('row', { name: new RegExp(`^${escaped}`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('admin@theme-portal.test')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-versions', 1280);

  // The merchant, signed in on their own, reads it in the dashboard's 'Thème' tab.
  const shopper = await merchantPage(browser, baseURL!);
  await logIn(shopper, merchant.email, merchant.password);
  await shopper.goto('/dashboard?tab=themes');
  await expect(
    shopper.getByRole('heading', { level: 2, name: 'Thèmes disponibles' }),
  ).toBeVisible();
  const current = shopper.locator(`[id="version-${version}"]`);
  await expect(
    current.getByRole('heading', { name: `Version actuelle : ${version}` }),
  ).toBeVisible();
  await expect(current.getByText('Nouveautés')).toBeVisible();
  for (const note of notes) await expect(current.getByText(note)).toBeVisible();
  await screenshotAt(shopper, 'admin-version-merchant-theme-tab', 1280);
  await shopper.context().close();
});

type Movement = keyof Indicators['movements']['last_30_days'];

async function indicators(request: APIRequestContext, token: string): Promise<Indicators> {
  const answer = await request.get('/api/admin/indicators', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as Indicators;
}

/** A plan and cycle's line of the figures: none is no subscription. */
function planFigure(figures: Indicators, plan: string, cycle: 'monthly' | 'yearly') {
  const line = figures.subscriptions.by_plan.find(
    (candidate) => candidate.plan_id === plan && candidate.billing_cycle === cycle,
  );
  return { count: line?.count ?? 0, mrr_cents: line?.mrr_cents ?? 0 };
}

/** '1 234,56 €' (French, as the screen writes it) in cents. */
function centsOf(text: string): number {
  const sign = /[-−]/.test(text) ? -1 : 1;
  return sign * Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

/** '1 234' in units. */
const countOf = (text: string) => Number(text.replace(/\D/g, ''));

/** A figures table of the Indicateurs screen: each body row's cells, its header first. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  await expect(table).toBeVisible();
  const rows: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) {
    rows.push(await row.locator('th, td').allInnerTexts());
  }
  return rows;
}

/** The figure under the term `term` in the screen's summary. */
async function summaryFigure(page: Page, term: string): Promise<string> {
  return page
    .locator('.admin-figures > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd')
    .innerText();
}

// The plans' prices (docs/product.md, 'Data the product handles'), in cents; a yearly price
// counts as its twelfth per month, rounded half up (packages/core/src/domain/revenue.ts).
const SCALE_MONTHLY = 3999;
const BASIC_YEARLY_PER_MONTH = Math.round(20389 / 12);
const BUSINESS_MONTHLY = 7999;

test('the indicators move by exactly the purchases, the cancellation and the failed payment made meanwhile', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  // Nothing else buys meanwhile: this file runs alone, last (playwright.config.ts, 'back-office').
  const adminToken = await accessToken(request, ADMIN.email, ADMIN.password);
  const before = await indicators(request, adminToken);

  // A trial converted to Scale monthly in the sandbox's checkout; then its renewal fails.
  const converted = await merchantPage(browser, baseURL!);
  const convertedEmail = uniqueEmail('indicateurs-essai');
  await registerTrialAccount(request, convertedEmail);
  await signInToSubscription(converted, convertedEmail);
  await planCard(converted, 'Scale').getByRole('button', { name: 'Choisir ce plan' }).click();
  await payInSandbox(converted, 'Scale');
  const summary = await expectAttached(converted, 'Scale');
  await summary.getByRole('button', { name: 'Gérer mon abonnement' }).click();
  await expect(converted).toHaveURL(/\/sandbox\/portal\//);
  await converted.getByRole('button', { name: 'Simuler un échec de paiement' }).click();
  await expect(converted.getByText('Un échec de paiement a été simulé.')).toBeVisible();
  await converted.getByRole('link', { name: 'Retour au site' }).click();
  await expectStatus(await subscriptionSummary(converted), 'Paiement en échec');
  await screenshotAt(converted, 'admin-indicateurs-past-due', 1280);
  await converted.context().close();

  // A visitor buys Basic yearly (checkout paid in the sandbox, then the account made).
  await createPaidCustomer(request, baseURL!, 'basic', 'yearly');

  // A visitor buys Business monthly, cancels, and the provider's test clock ends the period.
  const leaving = await createPaidCustomer(request, baseURL!, 'business');
  const leaver = await merchantPage(browser, baseURL!);
  await cancelAndEndPeriod(
    leaver,
    await signInToSubscription(leaver, leaving.email, leaving.password),
  );
  await screenshotAt(leaver, 'admin-indicateurs-ended', 1280);
  await leaver.context().close();

  // What was done, as deltas: Scale monthly and Basic yearly run (the failed one still counts
  // until it ends), Business came and went.
  const mrrDelta = SCALE_MONTHLY + BASIC_YEARLY_PER_MONTH;
  const movements: Record<Movement, number> = {
    new_cents: SCALE_MONTHLY + BASIC_YEARLY_PER_MONTH + BUSINESS_MONTHLY,
    expansion_cents: 0,
    contraction_cents: 0,
    churn_cents: BUSINESS_MONTHLY,
    net_cents: mrrDelta,
  };
  const lines = [
    {
      plan: 'scale',
      name: 'Scale',
      cycle: 'monthly',
      label: 'Mensuel',
      count: 1,
      mrr: SCALE_MONTHLY,
    },
    {
      plan: 'basic',
      name: 'Basic',
      cycle: 'yearly',
      label: 'Annuel',
      count: 1,
      mrr: BASIC_YEARLY_PER_MONTH,
    },
    { plan: 'business', name: 'Business', cycle: 'monthly', label: 'Mensuel', count: 0, mrr: 0 },
  ] as const;

  // The API's figures moved by exactly that.
  const after = await indicators(request, adminToken);
  expect(after.mrr_cents - before.mrr_cents).toBe(mrrDelta);
  expect(after.subscriptions.total - before.subscriptions.total).toBe(2);
  for (const line of lines) {
    const [was, is] = [before, after].map((figures) => planFigure(figures, line.plan, line.cycle));
    expect({
      plan: line.plan,
      count: is!.count - was!.count,
      mrr: is!.mrr_cents - was!.mrr_cents,
    }).toEqual({
      plan: line.plan,
      count: line.count,
      mrr: line.mrr,
    });
  }
  for (const window of ['last_30_days', 'last_90_days'] as const) {
    for (const [movement, delta] of Object.entries(movements) as [Movement, number][]) {
      expect(
        after.movements[window][movement] - before.movements[window][movement],
        `${movement} over ${window}`,
      ).toBe(delta);
    }
    expect(after.trials[window].started - before.trials[window].started).toBe(1);
    expect(after.trials[window].converted - before.trials[window].converted).toBe(1);
  }
  expect(
    after.failed_payments.past_due_subscriptions - before.failed_payments.past_due_subscriptions,
  ).toBe(1);
  expect(after.failed_payments.amount_owed_cents - before.failed_payments.amount_owed_cents).toBe(
    SCALE_MONTHLY,
  );

  // The Indicateurs screen shows the same: the figures before, moved by what was done.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await openAdminScreen(page, 'Indicateurs');
  const chart = page.getByRole('img', { name: /Courbe du revenu mensuel récurrent/ });
  await expect(chart.locator('canvas')).toBeVisible();
  expect(centsOf(await summaryFigure(page, 'Revenu mensuel récurrent'))).toBe(
    before.mrr_cents + mrrDelta,
  );
  expect(countOf(await summaryFigure(page, 'Abonnements payants actifs'))).toBe(
    before.subscriptions.total + 2,
  );
  const failed = /^(.+) \((.+) dus\)$/.exec(await summaryFigure(page, 'Paiements en échec'));
  expect(failed).not.toBeNull();
  expect(countOf(failed![1]!)).toBe(before.failed_payments.past_due_subscriptions + 1);
  expect(centsOf(failed![2]!)).toBe(before.failed_payments.amount_owed_cents + SCALE_MONTHLY);

  const byPlan = await tableRows(page, 'Abonnements actifs par formule et périodicité');
  for (const line of lines) {
    const was = planFigure(before, line.plan, line.cycle);
    const shown = byPlan.find(([name, cycle]) => name === line.name && cycle === line.label);
    const figure =
      shown === undefined ? null : { count: countOf(shown[2]!), mrr: centsOf(shown[3]!) };
    expect(figure, `${line.name} ${line.label}`).toEqual(
      was.count + line.count === 0
        ? null
        : { count: was.count + line.count, mrr: was.mrr_cents + line.mrr },
    );
  }
  const shownMovements = await tableRows(page, 'Mouvements du revenu mensuel récurrent');
  const movementLabels: [string, Movement][] = [
    ['Nouveaux', 'new_cents'],
    ['Expansion', 'expansion_cents'],
    ['Contraction', 'contraction_cents'],
    ['Churn', 'churn_cents'],
    ['Variation nette', 'net_cents'],
  ];
  for (const [label, movement] of movementLabels) {
    const shown = shownMovements.find(([name]) => name === label);
    expect(shown?.slice(1).map(centsOf), label).toEqual([
      before.movements.last_30_days[movement] + movements[movement],
      before.movements.last_90_days[movement] + movements[movement],
    ]);
  }
  const trials = await tableRows(page, 'Essais commencés et convertis');
  expect(trials.map(([label, ...cells]) => [label, ...cells.map(countOf)])).toEqual([
    [
      'Essais commencés',
      before.trials.last_30_days.started + 1,
      before.trials.last_90_days.started + 1,
    ],
    [
      'Essais convertis',
      before.trials.last_30_days.converted + 1,
      before.trials.last_90_days.converted + 1,
    ],
  ]);
  // The chart's last point is today's MRR (its table's last row).
  const series = await tableRows(page, 'Revenu mensuel récurrent à la fin de chaque jour');
  expect(centsOf(series.at(-1)![1]!)).toBe(before.mrr_cents + mrrDelta);
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-indicateurs', 1280);
});
