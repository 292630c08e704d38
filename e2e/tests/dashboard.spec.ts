import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import {
  addLicence,
  createPaidCustomer,
  logIn,
  submitLicence,
  uniqueDomain,
  usageFigure,
} from './dashboard.helpers.ts';

test.describe('dashboard', () => {
  test('the demo customer logs in and lands on the licences tab', async ({ page }) => {
    await logIn(page, 'demo@theme-portal.test', 'Demo1234!');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByText('demo@theme-portal.test')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Utilisation des licences' })).toBeVisible();
    await expect(usageFigure(page, 'Limite')).toHaveText('3');
    await expect(page.getByRole('heading', { name: 'Mes licences' })).toBeVisible();
  });

  test('licences: up to the limit, a duplicate domain, edit and delete', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    const [one, two, three] = [
      uniqueDomain('premiere'),
      uniqueDomain('deux'),
      uniqueDomain('trois'),
    ];
    await logIn(page, customer.email, customer.password);
    await expect(page.getByText('Vous n’avez encore aucune licence.')).toBeVisible();
    await expect(page.getByText('Disponible')).toBeVisible();

    await addLicence(page, `${one}.fr`, one);
    await expect(page.getByText('Licence créée avec succès')).toBeVisible();
    const first = page.getByRole('article', { name: `${one}.fr` });
    await expect(first).toContainText(`${one}.myshopify.com`);
    await expect(first).toContainText('Active');

    // The same custom domain again: the server's conflict, the typed values kept.
    await page.getByRole('button', { name: 'Ajouter une licence' }).click();
    await submitLicence(page, `${one}.fr`, 'autre-boutique');
    const dialog = page.getByRole('dialog', { name: 'Ajouter une licence' });
    await expect(dialog.getByText('Une licence avec ce domaine existe déjà')).toBeVisible();
    await expect(dialog.getByLabel('Domaine personnalisé')).toHaveValue(`${one}.fr`);
    await expect(dialog.getByLabel('Domaine Shopify')).toHaveValue('autre-boutique');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();

    await addLicence(page, `${two}.fr`, two);
    await expect(usageFigure(page, 'Restantes')).toHaveText('1');
    await addLicence(page, `${three}.fr`, `${three}.myshopify.com`);
    await expect(page.getByText('Limite atteinte')).toBeVisible();
    await expect(
      page.getByText('Vous avez atteint la limite de 3 licences de votre abonnement.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter une licence' })).toBeDisabled();

    // Edit, with the keyboard alone.
    await page.getByRole('button', { name: `Modifier ${two}.fr` }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Modifier la licence' });
    await expect(edit.getByLabel('Domaine personnalisé')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`${two}-bis.fr`);
    await page.keyboard.press('Enter');
    await expect(edit).toBeHidden();
    await expect(page.getByText('Licence modifiée avec succès')).toBeVisible();
    await expect(page.getByRole('article', { name: `${two}-bis.fr` })).toBeVisible();
    await expect(page.getByRole('article', { name: `${two}.fr` })).toHaveCount(0);

    // Delete, confirmed.
    await page.getByRole('button', { name: `Supprimer ${one}.fr` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer la licence' });
    await expect(confirm).toContainText(`${one}.fr`);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Licence supprimée avec succès')).toBeVisible();
    await expect(page.getByRole('article', { name: `${one}.fr` })).toHaveCount(0);
    await expect(page.getByText('Disponible')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter une licence' })).toBeEnabled();
  });

  test('the theme archive is saved under its filename and is a zip', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    await page.getByRole('link', { name: 'Thème' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=themes$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Thèmes disponibles' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    // The current version's own archive (docs/product.md#themes-tab).
    await page
      .getByRole('button', { name: /^Télécharger la version / })
      .first()
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^theme-boutique-\d+\.\d+\.\d+\.zip$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(
      page.getByText(/Le téléchargement de theme-boutique-\d+\.\d+\.\d+\.zip a commencé/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(page.getByText(/a commencé/)).toBeHidden();
  });

  test('the tab lives in the URL: reload and back/forward keep it', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    await page.getByRole('link', { name: 'TrendTrack' }).click();
    await expect(page).toHaveURL(/\?tab=trendtrack$/);
    const offer = page.getByRole('link', { name: /Profiter de la réduction/ });
    await expect(offer).toHaveAttribute('target', '_blank');
    await expect(offer).toHaveAttribute('rel', 'noopener noreferrer');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'TrendTrack' })).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade Plan' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'TrendTrack' })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeVisible();
  });

  test('the profile edit is kept after a reload', async ({ page, request, baseURL }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\?tab=profil$/);
    await expect(page.getByText('Actif', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier' }).click();
    const form = page.getByRole('form', { name: 'Informations personnelles' });
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await form.getByLabel('Prénom').fill('Dominique');
    await form.getByLabel('Téléphone').fill('+33 6 12 34 56 78');
    await form.getByLabel('Entreprise').fill('Durand & Fils');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible();
    await expect(form).toBeHidden();
    await page.reload();
    await expect(page.getByText('Durand & Fils')).toBeVisible();
    await expect(page.locator('.profile-details')).toContainText('Dominique');
    // The sidebar follows the saved first name.
    await expect(page.locator('.dash-nav__name')).toHaveText('Dominique');
  });

  test('change the password, log out, log in with the new one', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    await page.goto('/dashboard?tab=profil');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const form = page.getByRole('form', { name: 'Changer le mot de passe' });
    await form.getByLabel('Mot de passe actuel').fill('Mauvais123');
    await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2027');
    await form.getByLabel('Confirmation du nouveau mot de passe').fill('Nouveau2027');
    await form.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(form.getByText('Mot de passe actuel incorrect')).toBeVisible();
    await form.getByLabel('Mot de passe actuel').fill(customer.password);
    await form.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();

    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Déconnexion réussie')).toBeVisible();
    await logIn(page, customer.email, 'Nouveau2027');
  });

  test('switch plan in the customer portal and see the new limit', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    await expect(usageFigure(page, 'Limite')).toHaveText('3');
    await page.getByRole('link', { name: 'Upgrade Plan' }).click();
    await expect(page.getByRole('article', { name: 'Scale' })).toContainText('Formule actuelle');
    await page.getByRole('button', { name: 'Gérer mon abonnement' }).click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await page.getByLabel('Business').check();
    await page.getByRole('button', { name: "Mettre à jour l'abonnement" }).click();
    await expect(page.getByText('Votre abonnement a été mis à jour.')).toBeVisible();
    await page.getByRole('link', { name: 'Retour au site' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
    await expect(page.getByRole('article', { name: 'Business' })).toContainText('Formule actuelle');
    await page.getByRole('link', { name: 'Licences' }).click();
    await expect(usageFigure(page, 'Limite')).toHaveText('10');
  });

  test('a revoked session ends on /login with the expiry message', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    // Another device logs this session out: its refresh-token family is revoked server-side.
    const accessToken = await page.evaluate(() => localStorage.getItem('auth_token'));
    const revoked = await request.post('/admin/auth/logout', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(revoked.ok()).toBe(true);
    // The access token runs out: the next call must renew the session, which the server refuses.
    await page.evaluate(() => localStorage.setItem('auth_token', 'expire'));
    // The tab's first call (its releases) must renew the session.
    await page.getByRole('link', { name: 'Thème' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Session expirée, veuillez vous reconnecter')).toBeVisible();
  });
});
