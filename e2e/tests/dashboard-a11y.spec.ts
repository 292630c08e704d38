import { expect, expectAppLive, expectNoAxeViolations, test } from './fixtures.ts';
import { addLicence, createPaidCustomer, logIn, uniqueDomain } from './dashboard.helpers.ts';

const tabs = [
  { tab: 'licences', heading: 'Gestion des licences' },
  { tab: 'themes', heading: 'Thèmes disponibles' },
  { tab: 'trendtrack', heading: 'TrendTrack' },
  { tab: 'profil', heading: 'Mon profil' },
  { tab: 'subscription', heading: 'Mon abonnement' },
] as const;

test('every dashboard tab: no axe violation, screenshots at 390 and 1280 px', async ({
  page,
  request,
  baseURL,
}) => {
  // Ten pages, each checked by axe and captured full-page.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const customer = await createPaidCustomer(request, baseURL ?? '');
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, customer.email, customer.password);
  const shop = uniqueDomain('ma-boutique');
  await addLicence(page, `${shop}.fr`, shop);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const entry of tabs) {
      await page.goto(`/dashboard?tab=${entry.tab}`);
      await expect(page.getByRole('heading', { level: 2, name: entry.heading })).toBeVisible();
      await expectAppLive(page);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `screenshots/dashboard-${entry.tab}-${width}.png`,
        fullPage: true,
      });
    }
  }
});

test('the licence modals and the mobile sidebar: no axe violation, screenshots', async ({
  page,
  request,
  baseURL,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const customer = await createPaidCustomer(request, baseURL ?? '');
  await logIn(page, customer.email, customer.password);
  // Right after signing in and after a save closed its modal (no reload): a pending button's
  // announcement never leaves an unnamed image behind (see docs/decisions.md, 'Pending buttons').
  await expectNoAxeViolations(page);
  const shop = uniqueDomain('ma-boutique');
  await addLicence(page, `${shop}.fr`, shop);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Ajouter une licence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une licence' });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Le domaine personnalisé est requis')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'screenshots/dashboard-licence-modal-1280.png' });
  // Focus stays inside the modal, then returns to the button that opened it.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ajouter une licence' })).toBeFocused();

  // The mobile layout settles after the resize debounce: the sidebar becomes a closed overlay.
  await page.setViewportSize({ width: 390, height: 900 });
  const toggle = page.getByRole('button', { name: 'Navigation principale' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: `Supprimer ${shop}.fr` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolations(page);
  // The viewport only: a full-page capture stitches the fixed overlay over a scrolled page.
  await page.screenshot({ path: 'screenshots/dashboard-delete-modal-390.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();

  // One overlay holds the shell's navigation and the dashboard's tabs.
  await toggle.click();
  const overlay = page.getByRole('complementary', { name: 'Barre latérale' });
  await expect(overlay.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(
    overlay.getByRole('navigation', { name: 'Onglets du tableau de bord' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'screenshots/dashboard-mobile-sidebar-390.png' });
});
