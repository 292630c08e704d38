import type { Page } from '@playwright/test';
import { chooseYearly, expect, expectNoAxeViolations, screenshotAt, test } from './fixtures.ts';

/** From the landing page to the sandbox's hosted checkout for Scale, yearly. */
async function startScaleYearlyCheckout(page: Page, email: string) {
  await page.goto('/');
  await chooseYearly(page);
  const scale = page.getByRole('article', { name: 'Scale' });
  await expect(scale).toContainText('407,89 €');
  await scale.getByRole('button', { name: 'Choisir ce plan' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Paiement sécurisé' })).toBeVisible();
  await expect(page.locator('dl.summary')).toContainText('Scale');
  await expect(page.locator('dl.summary')).toContainText('Annuelle');
  await expect(page.locator('dl.summary')).toContainText('407,89 €');
  await page.getByLabel('Adresse e-mail').fill(email);
}

test.describe('purchase', () => {
  test('Scale yearly: pay in the sandbox, create the account, arrive on the dashboard', async ({
    page,
  }) => {
    const email = `achat-${Date.now()}@boutique.test`;
    await startScaleYearlyCheckout(page, email);
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Payer/ }).click();

    await expect(page).toHaveURL(/\/onboarding\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
    await expect(page.getByText('Scale')).toBeVisible();
    await expectNoAxeViolations(page);

    // The account form's own rules first.
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Le prénom est requis')).toBeVisible();
    await expect(page.getByText("Vous devez accepter les conditions d'utilisation")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, 'onboarding-form-errors', 390);
    await screenshotAt(page, 'onboarding-form-errors', 1280);

    await page.getByLabel('Prénom').fill('Jeanne');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Boutique2026!');
    await page.getByLabel('Confirmation du mot de passe').fill('Boutique2026!');
    await page.getByText("J'accepte les conditions d'utilisation").click();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Tableau de bord' }).first()).toBeVisible();
  });

  test('a declined card stays on the checkout page with the error', async ({ page }) => {
    await startScaleYearlyCheckout(page, `refus-${Date.now()}@boutique.test`);
    await page.getByLabel('Numéro de carte').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Payer/ }).click();
    await expect(page.getByRole('alert')).toContainText('Votre carte a été refusée.');
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  });

  test('cancelling returns to /payment/cancel, nothing charged, back home', async ({ page }) => {
    await startScaleYearlyCheckout(page, `annule-${Date.now()}@boutique.test`);
    await page.getByRole('link', { name: 'Annuler et revenir au site' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel\?plan=scale&billing=yearly/);
    await expect(page.getByRole('heading', { name: 'Paiement annulé' })).toBeVisible();
    await expect(page.getByText('Aucun montant n’a été débité.')).toBeVisible();
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/onboarding without a paid session is refused', async ({ page }) => {
    await page.goto('/onboarding?session_id=cs_inconnu');
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
    await expect(
      page.getByText("Vous n'avez pas les autorisations nécessaires pour accéder à cette page."),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Retour aux tarifs' }).click();
    await expect(page).toHaveURL(/\/pricing\?error=/);
    await expect(page.locator('#pricing')).toBeInViewport();
  });
});
