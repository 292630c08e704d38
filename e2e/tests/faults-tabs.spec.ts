import { createPaidCustomer, logIn } from './dashboard.helpers.ts';
import { expect, test } from './fixtures.ts';

/** Two tabs of one browser share one session: what one tab ends, the other ends too. */
test('a logout in one tab ends the session in the other at once, without a server call', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const customer = await createPaidCustomer(request, baseURL ?? '');
  await logIn(page, customer.email, customer.password);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(
    other.getByRole('heading', { level: 2, name: 'Gestion des licences' }),
  ).toBeVisible();

  const otherLogouts: string[] = [];
  other.on('request', (sent) => {
    if (sent.url().endsWith('/admin/auth/logout')) otherLogouts.push(sent.url());
  });
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The other tab heard the storage change: no reload, no click.
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(otherLogouts).toEqual([]);
});
