import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { createPaidCustomer, logIn } from './dashboard.helpers.ts';

test('shell: title, navigation, entries in development, collapsible sidebar', async ({
  page,
  request,
  baseURL,
}) => {
  const customer = await createPaidCustomer(request, baseURL ?? '');
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveTitle('Tableau de bord · Theme Portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  for (const label of ['Utilisateurs', 'Projets', 'Analytics', 'Paramètres']) {
    await nav.getByRole('button', { name: label }).click();
    await expect(page.getByText('Fonctionnalité en développement')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  const toggle = page.getByRole('button', { name: 'Navigation principale' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  // Checked right after signing in and collapsing: no pending announcement is left unnamed.
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Under 900 px the sidebar is an overlay, closed at first.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav).toBeVisible();
  await page.screenshot({ path: 'screenshots/shell-mobile-sidebar-390.png' });
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
});
