import { expect, openWithScriptsHeld, test } from './fixtures.ts';

test.describe('signup wizard', () => {
  test('each step needs its required fields; back is always allowed', async ({ page }) => {
    await page.goto('/signup');
    await expect(
      page.getByRole('heading', { name: 'Commencez votre essai gratuit de 7 jours' }),
    ).toBeVisible();
    const steps = page.getByRole('list', { name: 'Étapes de l’inscription' });
    await expect(steps).toContainText('Informations');
    await expect(steps).toContainText('Restaurant');
    await expect(steps).toContainText('Préférences');
    await expect(steps.locator('[aria-current="step"]')).toContainText('Informations');

    // Step 1: 'Suivant' stays unavailable and says what is missing.
    const next = page.getByRole('button', { name: 'Suivant' });
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await next.focus();
    await expect(page.getByRole('tooltip')).toContainText('Email');

    await page.getByLabel('Email').fill('nouveau@restaurant.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirmation du mot de passe').fill('Autre1234');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await page.getByLabel('Confirmation du mot de passe').fill('Secret123');
    await expect(next).not.toHaveAttribute('aria-disabled', 'true');
    await next.click();

    // Step 2.
    await expect(steps.locator('[aria-current="step"]')).toContainText('Restaurant');
    await expect(page.getByRole('button', { name: 'Suivant' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByRole('button', { name: 'Précédent' }).click();
    await expect(steps.locator('[aria-current="step"]')).toContainText('Informations');
    await expect(page.getByLabel('Email')).toHaveValue('nouveau@restaurant.test');
    await page.getByRole('button', { name: 'Suivant' }).click();

    await page.getByLabel('Nom du restaurant').fill('Le Petit Bistrot');
    await page.getByLabel('Adresse complète').fill('12 rue des Lilas');
    await page.getByLabel('Nom du propriétaire').fill('Jeanne Martin');
    await page.getByLabel('Téléphone').fill('0102030405');
    await expect(page.getByRole('button', { name: 'Suivant' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByLabel('Ville').fill('Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Step 3: optional selects, then the account button.
    await expect(steps.locator('[aria-current="step"]')).toContainText('Préférences');
    const cuisine = page.getByLabel('Type de cuisine (facultatif)');
    await cuisine.selectOption({ label: 'Bistrot' });
    await expect(cuisine).toHaveValue('bistrot');
    await expect(page.getByRole('button', { name: 'Créer mon compte' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Déjà un compte ? Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  test('step 2 keeps its layout while the establishment search’s code arrives', async ({
    page,
  }) => {
    // The search is a chunk of its own (docs/performance.md, 'The signup route'): held back here.
    const release = await openWithScriptsHeld(
      page,
      '**/assets/EstablishmentSearch-*.js',
      '/signup',
    );
    await page.getByLabel('Email').fill('attente@restaurant.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirmation du mot de passe').fill('Secret123');
    await page.getByRole('button', { name: 'Suivant' }).click();

    const search = page.getByLabel('Rechercher votre établissement (facultatif)');
    await expect(search).toBeDisabled();
    const restaurant = page.getByLabel('Nom du restaurant');
    await restaurant.fill('Le Petit Bistrot');
    const before = await restaurant.boundingBox();

    release();
    await expect(
      page.getByRole('combobox', { name: /Rechercher votre établissement/ }),
    ).toBeEnabled();
    expect(await restaurant.boundingBox()).toEqual(before);
    await expect(restaurant).toHaveValue('Le Petit Bistrot');
  });
});
