import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, screenshotAt, test } from './fixtures.ts';

// The back office's entry and screens (docs/product.md#back-office), against the demo admin and
// the demo customer the e2e server seeds (SEED_DEMO=1).
const admin = { email: 'admin@theme-portal.test', password: 'Admin1234!' };
const demo = {
  email: 'demo@theme-portal.test',
  password: 'Demo1234!',
  shop: 'demo-boutique.myshopify.com',
};
const resetSubject = 'Réinitialisation de votre mot de passe';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The files admin.html loads (its script and stylesheet), as the server sends it. */
async function backOfficeFiles(page: Page, baseURL: string): Promise<string[]> {
  const html = await (await page.request.get(`${baseURL}/admin`)).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
}

test('an admin signs in, finds the demo customer, sends a password reset; the journal shows it', async ({
  page,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page).toHaveTitle('Clients · Back-office · Theme Portal');
  await expect(page.getByRole('banner').getByText(admin.email)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back-office' });
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: demo.email })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-clients', 1280);

  // Found by its shop domain; the search stays in the address.
  await page.getByLabel('Rechercher un client').fill('demo-boutique');
  await expect(page).toHaveURL(/\/admin\?q=demo-boutique$/);
  const rows = page.getByRole('table', { name: 'Clients' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(demo.shop);
  // Nothing found: said so.
  await page.getByLabel('Rechercher un client').fill('personne-de-connu');
  await expect(page.getByText('Aucun client ne correspond à cette recherche.')).toBeVisible();
  await page.getByLabel('Rechercher un client').fill('demo-boutique');
  await rows.nth(1).getByRole('link', { name: demo.email }).click();

  await expect(page).toHaveURL(/\/admin\/clients\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Camille Démo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Abonnement' })).toContainText('Scale');
  await expect(page.getByRole('region', { name: 'Licences' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-customer', 1280);

  await page
    .getByRole('button', { name: 'Envoyer un lien de réinitialisation du mot de passe' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer un lien de réinitialisation ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(dialog.getByText('Indiquez la raison de cette action')).toBeVisible();
  await dialog
    .getByLabel('Raison (gardée dans le journal)')
    .fill('Le client ne retrouve plus son accès');
  await screenshotAt(page, 'admin-customer-action', 1280);
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Lien de réinitialisation du mot de passe envoyé')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The page reloaded: the mail is in its list.
  await expect(page.getByRole('region', { name: 'Mails envoyés' })).toContainText(resetSubject);

  // The journal shows the action, its admin and its reason.
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(page).toHaveURL(/\/admin\/journal$/);
  await page.getByLabel('Rechercher dans le journal').fill(demo.email);
  const event = page
    .getByRole('table', { name: 'Événements du journal' })
    .getByRole('row')
    .filter({ hasText: 'Le client ne retrouve plus son accès' });
  await expect(event).toContainText('Envoi du lien de réinitialisation');
  await expect(event).toContainText(`Admin · ${admin.email}`);
  await expectNoAxeViolations(page);
  await screenshotAt(page, 'admin-journal', 1280);

  // The mail reached the mailbox.
  await expect(async () => {
    await page.goto('/sandbox/mailbox');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: demo.email })
        .getByRole('link', { name: resetSubject }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // Back in the back office, a logout leads to the login page.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect(cspViolations).toEqual([]);
});

test("a customer never loads the back office's code, and is sent away from /admin", async ({
  page,
  baseURL,
}) => {
  const adminFiles = await backOfficeFiles(page, baseURL ?? '');
  expect(adminFiles.length).toBeGreaterThan(0);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  await signIn(page, demo);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeVisible();
  expect(requested.filter((path) => adminFiles.includes(path) || path === '/admin')).toEqual([]);

  // /admin, opened by a customer: back to the dashboard.
  await page.goto('/admin/journal');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeVisible();
  // The customer's token never reaches an admin call.
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const answer = await page.request.get(`${baseURL}/api/admin/customers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
});
