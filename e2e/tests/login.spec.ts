import { expect, expectNoAxeViolations, test } from './fixtures.ts';

test.describe('login', () => {
  test('validation messages before any call', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Connexion · Theme Portal');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText("L'email est requis")).toBeVisible();
    await expect(page.getByText('Le mot de passe est requis')).toBeVisible();

    await page.getByLabel('Email').fill('pas-un-email');
    await page.getByLabel('Mot de passe').fill('123');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText("Format d'email invalide")).toBeVisible();
    await expect(
      page.getByText('Le mot de passe doit contenir au moins 6 caractères'),
    ).toBeVisible();
  });

  test('a failed login shows the error banner and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@theme-portal.test');
    await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.locator('.auth-card [role="alert"]')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Right away: react-aria's announcement of the pending button is still in the page.
    await expectNoAxeViolations(page);
  });

  test('the demo customer logs in and reaches /dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@theme-portal.test');
    await page.getByLabel('Mot de passe').fill('Demo1234!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Connexion réussie !')).toBeVisible();
  });

  test('the keyboard alone: tab to the fields, type, Enter to log in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type('demo@theme-portal.test');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Mot de passe')).toBeFocused();
    await page.keyboard.type('Demo1234!');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/dashboard sends a visitor to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  });

  test("signup's /auth/login link leads to the login page", async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Déjà un compte ? Se connecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });
});
