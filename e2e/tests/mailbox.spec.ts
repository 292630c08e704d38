import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createPaidCustomer, logIn } from './dashboard.helpers.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const resetSubject = 'Réinitialisation de votre mot de passe';

/**
 * The reset mail to `email` in the sandbox mailbox: the worker delivers right after the request;
 * the list is a plain page, so it is reloaded until then.
 */
async function resetMail(page: Page, email: string): Promise<Locator> {
  const mail = page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('link', { name: resetSubject });
  await expect(async () => {
    await page.goto('/sandbox/mailbox');
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return mail;
}

// With no SMTP_URL (the e2e server sets none) mails land in the sandbox mailbox the product
// serves (docs/operations.md, 'Mail'): a forgotten password is recovered from there.
test('a password reset through the sandbox mailbox', async ({ page, request, baseURL }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  // A customer of this journey alone: the demo account's password stays as other journeys know it.
  const customer = await createPaidCustomer(request, baseURL ?? '');

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    page.getByText('Si un compte existe pour cet email, un lien de réinitialisation a été envoyé.'),
  ).toBeVisible();

  const mail = await resetMail(page, customer.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Boîte mail de test' })).toBeVisible();
  await expectNoAxeViolations(page);

  await mail.click();
  await expect(page.getByRole('heading', { level: 1, name: resetSubject })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  // The HTML part renders in its sandboxed frame, under the server's CSP.
  const frame = page.frameLocator('iframe[title="Contenu HTML du mail"]');
  await expect(frame.getByRole('link', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
  // axe cannot run its script inside a frame that allows none: the page around it is checked.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ iframes: false })
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  // The plain text part's link leads to the reset page.
  await page.locator('pre').getByRole('link').click();
  await expect(page).toHaveURL(/\/reset-password\?token=[A-Za-z0-9_-]+$/);
  const newPassword = 'Nouveau2026!';
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe réinitialisé avec succès')).toBeVisible();

  await logIn(page, customer.email, newPassword);
  expect(cspViolations).toEqual([]);
});

// docs/product.md#forgot-and-reset-password: the link comes from a mail, so it opens in a tab that
// is signed in too; the reset ends every session of the account, this one included.
test('a reset link opened while signed in: the reset signs out cleanly, to /login', async ({
  page,
  request,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const customer = await createPaidCustomer(request, baseURL ?? '');
  await logIn(page, customer.email, customer.password);
  const asked = await request.post('/admin/auth/forgot-password', {
    data: { email: customer.email },
  });
  expect(asked.ok()).toBe(true);
  await (await resetMail(page, customer.email)).click();
  const link = await page.locator('pre').getByRole('link').getAttribute('href');
  await page.goto(link ?? '');

  // Signed in, the page opens (no longer sent to the dashboard).
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = 'Nouveau2026!';
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByText('Mot de passe réinitialisé avec succès')).toBeVisible();
  await expect(page.getByText('Session expirée')).toHaveCount(0);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('auth_token'),
      localStorage.getItem('refresh_token'),
    ]),
  ).toEqual([null, null]);
  await logIn(page, customer.email, newPassword);
  expect(problems).toEqual([]);
});
