import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { logIn, uniqueDomain } from './dashboard.helpers.ts';
import { expect, expectAppLive, expectNoAxeViolations } from './fixtures.ts';

export const password = 'Boutique2026!';

let counter = 0;

/**
 * An address of this journey alone (parallel workers share one server and its accounts; the
 * worker's process id keeps two workers apart within the same millisecond).
 */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@boutique.test`;
}

/**
 * An account made by the signup wizard's own call (POST /api/client/auth/register): it starts
 * on the 7-day trial, with no provider customer and nothing paid.
 */
export async function registerTrialAccount(
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const created = await request.post('/api/client/auth/register', {
    data: {
      email,
      password,
      first_name: 'Léa',
      last_name: 'Bernard',
      shop_domain: uniqueDomain('essai'),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** 'Mon abonnement', loaded: its summary card shows a status badge. */
export async function openSubscriptionTab(page: Page): Promise<Locator> {
  await page.goto('/dashboard?tab=subscription');
  return subscriptionSummary(page);
}

/** The summary card of 'Mon abonnement' (the plan's name, its status badge and actions). */
export async function subscriptionSummary(page: Page): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeVisible();
  const summary = page.locator('.subscription-summary');
  await expect(summary).toBeVisible();
  return summary;
}

/** The status badge reads `label` ('Actif', 'Essai gratuit', 'Résilié'…). */
export async function expectStatus(summary: Locator, label: string): Promise<void> {
  await expect(summary.getByText(label, { exact: true })).toBeVisible();
}

export function planCard(page: Page, name: 'Basic' | 'Scale' | 'Business'): Locator {
  return page.getByRole('article', { name });
}

/**
 * Pays the sandbox's hosted checkout the page is on with the test card that is accepted, the
 * email given (or the one the checkout already holds for a signed-in customer).
 */
export async function payInSandbox(page: Page, plan: string, email?: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Paiement sécurisé' })).toBeVisible();
  await expect(page.locator('dl.summary')).toContainText(plan);
  if (email !== undefined) await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Payer/ }).click();
}

/** Back from a signed-in payment: the success page attaches it, then 'Mon abonnement' opens. */
export async function expectAttached(page: Page, plan: string): Promise<Locator> {
  await expect(page.getByText('Votre abonnement est actif.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription/);
  const summary = await subscriptionSummary(page);
  await expect(summary.getByRole('heading', { level: 3 })).toHaveText(plan);
  await expectStatus(summary, 'Actif');
  await expect(planCard(page, plan as 'Basic')).toContainText('Formule actuelle');
  return summary;
}

/**
 * The provider sent the customer back to `path` (a signed-in customer: /payment/success, never
 * /onboarding) and the paid session is now the account's: no onboarding can make a second
 * account from it.
 */
export async function expectSessionUsed(
  request: APIRequestContext,
  page: Page,
  path: '/payment/success' | '/onboarding' = '/payment/success',
): Promise<void> {
  const seen = returnSeen.get(page);
  expect(seen?.path, 'where the provider sent the customer back with the session id').toBe(path);
  const answer = await request.get(`/api/onboarding/sessions/${seen?.sessionId ?? ''}`);
  expect(answer.status(), await answer.text()).toBe(409);
}

const returnSeen = new WeakMap<Page, { path: string; sessionId: string }>();

/**
 * Remembers where the provider returned with a `session_id` (/payment/success or /onboarding):
 * the success page moves on to the dashboard too fast for a URL assertion to see it.
 */
export function watchReturn(page: Page): void {
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    const sessionId = url.searchParams.get('session_id');
    if (sessionId !== null && /^\/(payment\/success|onboarding)$/.test(url.pathname))
      returnSeen.set(page, { path: url.pathname, sessionId });
  });
}

/** A design-system colour custom property as the browser computes it ('rgb(…)'). */
export async function cssColour(page: Page, property: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);
}

/** The licence's card in 'Mes licences', by its custom domain. */
export function licenceCard(page: Page, custom: string): Locator {
  return page.getByRole('article', { name: custom });
}

export async function openLicencesTab(page: Page): Promise<void> {
  await page.goto('/dashboard?tab=licences');
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeVisible();
  await expectAppLive(page);
}

/** Signs in (the login page), then 'Mon abonnement'. */
export async function signInToSubscription(
  page: Page,
  email: string,
  secret = password,
): Promise<Locator> {
  await logIn(page, email, secret);
  return openSubscriptionTab(page);
}

/**
 * Cancels at the period's end from the subscription tab's `summary`, then the sandbox portal's
 * test clock ends that customer's period: the page is left on the portal, the subscription
 * ended ('Résilié').
 */
export async function cancelAndEndPeriod(page: Page, summary: Locator): Promise<void> {
  await summary.getByRole('button', { name: 'Résilier mon abonnement' }).click();
  await page
    .getByRole('alertdialog', { name: 'Résilier l’abonnement' })
    .getByRole('button', { name: 'Résilier mon abonnement' })
    .click();
  await expect(summary).toContainText('Se termine le');
  await summary.getByRole('button', { name: 'Gérer mon abonnement' }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\//);
  await expect(page.locator('dl.summary')).toContainText('Se termine le');
  await page.getByRole('button', { name: 'Avancer à la fin de la période' }).click();
  await expect(page.getByText("L'horloge de test est à la fin de la période.")).toBeVisible();
  await expect(page.locator('dl.summary')).toContainText('Résilié');
}

/** The mailbox's links to the mails `email` received with `subject`. */
export function mailsTo(page: Page, email: string, subject: string): Locator {
  return page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: subject });
}

/**
 * The sandbox mailbox (/sandbox/mailbox) holds the mails `email` must have received and none of
 * those it must not. The mail worker delivers right after the event; the list is a plain page,
 * so it is reloaded until then.
 */
export async function expectMailbox(
  page: Page,
  email: string,
  { received, notReceived = [] }: { received: string[]; notReceived?: string[] },
): Promise<void> {
  await expect(async () => {
    await page.goto('/sandbox/mailbox');
    for (const subject of received)
      await expect(mailsTo(page, email, subject)).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  for (const subject of notReceived) await expect(mailsTo(page, email, subject)).toHaveCount(0);
}

/**
 * A journey's key screen: no axe violation, and full-page screenshots at 390 and 1280 px under
 * e2e/screenshots/journey-<name>-<width>.png (the journey goes on at 1280 px). The dashboard's
 * sidebar follows the width after its resize pause: each shot waits for it (hidden on a phone).
 */
export async function keyScreen(
  page: Page,
  name: string,
  // The mailbox's mail frame allows no script, so axe cannot run in it (mailbox.spec.ts does).
  { axe = true }: { axe?: boolean } = {},
): Promise<void> {
  if (axe) await expectNoAxeViolations(page);
  // By id: an open dialog hides the page behind it from the accessibility tree.
  const sidebar = page.locator('#shell-sidebar');
  const dashboard = await sidebar.isVisible();
  // A dialog's backdrop is fixed to the viewport: a full-page shot would show it shifted.
  const fullPage = (await page.getByRole('dialog').or(page.getByRole('alertdialog')).count()) === 0;
  await page.setViewportSize({ width: 390, height: 900 });
  if (dashboard) await expect(sidebar).toBeHidden();
  await page.screenshot({ path: `screenshots/journey-${name}-390.png`, fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (dashboard) await expect(sidebar).toBeVisible();
  await page.screenshot({ path: `screenshots/journey-${name}-1280.png`, fullPage });
}
