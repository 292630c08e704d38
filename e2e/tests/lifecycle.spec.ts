import {
  addLicence,
  createPaidCustomer,
  logIn,
  uniqueDomain,
  usageFigure,
} from './dashboard.helpers.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import {
  cancelAndEndPeriod,
  cssColour,
  expectAttached,
  expectMailbox,
  expectSessionUsed,
  expectStatus,
  licenceCard,
  mailsTo,
  openLicencesTab,
  openSubscriptionTab,
  password,
  payInSandbox,
  planCard,
  registerTrialAccount,
  keyScreen,
  signInToSubscription,
  subscriptionSummary,
  uniqueEmail,
  watchReturn,
} from './lifecycle.helpers.ts';

// The subscription's life as a customer lives it (docs/product.md, 'Subscription tab'), each
// journey with its own accounts; the sandbox's per-customer test clock ends a period for one
// customer without touching the others.

test.describe('subscription lifecycle', () => {
  // Each journey crosses several pages, the provider's and the mailbox's, with axe at its key
  // screens: twice the budget of a one-page journey (playwright.config.ts).
  test.describe.configure({ timeout: 120_000 });

  test('signup wizard, 7-day trial, then a paid plan from the grid: active, no onboarding', async ({
    page,
    request,
  }) => {
    watchReturn(page);
    const email = uniqueEmail('essai');
    const restaurant = `Bistrot ${uniqueDomain('essai')}`;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmation du mot de passe').fill(password);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Nom du restaurant').fill(restaurant);
    await page.getByLabel('Adresse complète').fill('12 rue des Lilas');
    await page.getByLabel('Nom du propriétaire').fill('Jeanne Martin');
    await page.getByLabel('Téléphone').fill('0102030405');
    await page.getByLabel('Ville').fill('Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Compte créé avec succès !')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const summary = await signInToSubscription(page, email);
    await expect(summary.getByRole('heading', { level: 3 })).toHaveText('Basic');
    await expectStatus(summary, 'Essai gratuit');
    await expect(summary).toContainText('Essai gratuit : 7 jours restants');
    await keyScreen(page, '1-trial');

    await planCard(page, 'Scale').getByRole('button', { name: 'Choisir ce plan' }).click();
    // The account's own email: a signed-in checkout is the account's, not a visitor's.
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
    await payInSandbox(page, 'Scale');
    const active = await expectAttached(page, 'Scale');
    await expect(active).not.toContainText('Essai gratuit');
    await keyScreen(page, '1-active');
    await expect(page).not.toHaveURL(/\/onboarding/);
    await expectSessionUsed(request, page);
    // Still the one account: the licences follow Scale's limit at once.
    await openLicencesTab(page);
    await expect(usageFigure(page, 'Limite')).toHaveText('3');
    // A receipt, and no account-creation link: that mail is for visitors' payments.
    await expectMailbox(page, email, {
      received: ['Votre reçu de paiement'],
      notReceived: ['Créez votre compte pour accéder à votre abonnement'],
    });
  });

  test('a signed-in customer buys from the landing page: the payment is the account’s', async ({
    page,
    request,
  }) => {
    watchReturn(page);
    const email = uniqueEmail('accueil');
    await registerTrialAccount(request, email);
    await logIn(page, email, password);

    await page.goto('/');
    await planCard(page, 'Business').getByRole('button', { name: 'Choisir ce plan' }).click();
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
    await payInSandbox(page, 'Business');
    await expectAttached(page, 'Business');
    await keyScreen(page, '2-landing-attached');
    await expectSessionUsed(request, page);
    await openLicencesTab(page);
    await expect(usageFigure(page, 'Limite')).toHaveText('10');
  });

  test('upgrade Basic to Scale: the new price is confirmed, the limit follows', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '', 'basic');
    await logIn(page, customer.email, customer.password);
    await expect(usageFigure(page, 'Limite')).toHaveText('1');

    const summary = await openSubscriptionTab(page);
    await expect(summary.getByRole('heading', { level: 3 })).toHaveText('Basic');
    await expect(planCard(page, 'Basic')).toContainText('Formule actuelle');
    await planCard(page, 'Scale').getByRole('button', { name: 'Passer à ce plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer de plan' });
    await expect(dialog).toContainText('Nouveau tarif : 39,99 € / mois');
    await expect(dialog).toContainText(
      "Le changement s'applique dès maintenant ; la différence est calculée au prorata sur votre prochaine facture.",
    );
    await keyScreen(page, '4-upgrade-confirm');
    await dialog.getByRole('button', { name: 'Confirmer le changement' }).click();
    await expect(page.getByText('Votre plan a été modifié.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(summary.getByRole('heading', { level: 3 })).toHaveText('Scale');
    await expectStatus(summary, 'Actif');
    await expect(planCard(page, 'Scale')).toContainText('Formule actuelle');

    await openLicencesTab(page);
    await expect(usageFigure(page, 'Limite')).toHaveText('3');
    await expectMailbox(page, customer.email, { received: ['Votre plan a été modifié'] });
  });

  test('downgrade over the limit: the licences to keep are chosen, the others inactive, none deleted', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '', 'scale');
    await logIn(page, customer.email, customer.password);
    const kept = `${uniqueDomain('garde')}.fr`;
    const others = [`${uniqueDomain('autre')}.fr`, `${uniqueDomain('autre')}.fr`];
    for (const domain of [kept, ...others]) {
      await addLicence(page, domain, `${domain.split('.')[0]}.myshopify.com`);
    }
    await expect(usageFigure(page, 'Utilisées')).toHaveText('3');

    await openSubscriptionTab(page);
    await planCard(page, 'Basic').getByRole('button', { name: 'Passer à ce plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer de plan' });
    await expect(dialog).toContainText('Nouveau tarif : 19,99 € / mois');
    await expect(dialog).toContainText(
      'Le plan Basic permet 1 licence. Choisissez celle à garder active ; les autres seront désactivées, pas supprimées.',
    );
    const choices = dialog.getByRole('group', { name: 'Licences à garder actives' });
    await expect(choices.getByRole('checkbox')).toHaveCount(3);
    // None ticked at first: the customer chooses (a press on the label, as a person does).
    await expect(dialog).toContainText('0 licence sélectionnée sur 1');
    for (const domain of others)
      await expect(choices.getByRole('checkbox', { name: domain })).not.toBeChecked();
    await choices.locator('label').filter({ hasText: kept }).click();
    await expect(choices.getByRole('checkbox', { name: kept })).toBeChecked();
    await expect(dialog).toContainText('1 licence sélectionnée sur 1');
    await keyScreen(page, '5-downgrade-keep');
    await dialog.getByRole('button', { name: 'Confirmer le changement' }).click();
    await expect(page.getByText('Votre plan a été modifié.')).toBeVisible();
    await expect(planCard(page, 'Basic')).toContainText('Formule actuelle');

    await openLicencesTab(page);
    await expect(usageFigure(page, 'Limite')).toHaveText('1');
    await expect(licenceCard(page, kept)).toContainText('Active');
    await expect(licenceCard(page, kept)).not.toContainText('Inactive');
    for (const domain of others) await expect(licenceCard(page, domain)).toContainText('Inactive');
    await keyScreen(page, '5-downgrade-licences');
  });

  test('cancel at the period’s end, then resume', async ({ page, request, baseURL }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '', 'scale');
    const summary = await signInToSubscription(page, customer.email, customer.password);
    await expectStatus(summary, 'Actif');

    await summary.getByRole('button', { name: 'Résilier mon abonnement' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Résilier l’abonnement' });
    const confirmation = dialog.getByText(
      /^Votre abonnement restera actif jusqu'au (\d{1,2} \S+ \d{4}), puis sera résilié\.$/,
    );
    await expect(confirmation).toBeVisible();
    const endDate = /jusqu'au (.+), puis/.exec(await confirmation.innerText())?.[1] ?? '';
    // The destructive choice looks it (the design system's danger colour), whatever order the
    // dashboard's stylesheets arrive in.
    const confirm = dialog.getByRole('button', { name: 'Résilier mon abonnement' });
    await expect(confirm).toHaveCSS('background-color', await cssColour(page, '--color-danger'));
    await keyScreen(page, '6-cancel-confirm');
    await confirm.click();
    await expect(page.getByText(`Votre abonnement sera résilié le ${endDate}.`)).toBeVisible();
    await expect(summary).toContainText(`Se termine le ${endDate}`);
    // Still running until then.
    await expectStatus(summary, 'Actif');
    await keyScreen(page, '6-cancelled');

    await summary.getByRole('button', { name: 'Reprendre mon abonnement' }).click();
    await expect(page.getByText('Votre abonnement a repris.')).toBeVisible();
    await expect(summary).not.toContainText('Se termine le');
    await expectStatus(summary, 'Actif');
    await expect(summary.getByRole('button', { name: 'Résilier mon abonnement' })).toBeVisible();
    // After a reload too: the server kept it.
    await page.reload();
    const reloaded = await openSubscriptionTab(page);
    await expect(reloaded).not.toContainText('Se termine le');
    await expectStatus(reloaded, 'Actif');
  });

  test('cancelled, the period ends (test clock): ended, licences inactive, subscribe again', async ({
    page,
    request,
    baseURL,
  }) => {
    watchReturn(page);
    const customer = await createPaidCustomer(request, baseURL ?? '', 'scale');
    await logIn(page, customer.email, customer.password);
    const domain = `${uniqueDomain('fin')}.fr`;
    await addLicence(page, domain, `${domain.split('.')[0]}.myshopify.com`);

    // The provider's portal: its test clock moves this customer alone to the period's end.
    await cancelAndEndPeriod(page, await openSubscriptionTab(page));
    await page.getByRole('link', { name: 'Retour au site' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
    const ended = await openSubscriptionTab(page);
    await expectStatus(ended, 'Résilié');
    await expect(ended.getByRole('button', { name: 'Reprendre mon abonnement' })).toHaveCount(0);
    await keyScreen(page, '7-ended');

    await openLicencesTab(page);
    await expect(licenceCard(page, domain)).toContainText('Inactive');
    await expect(
      page.getByText('Votre abonnement est terminé : choisissez un plan pour continuer.').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter une licence' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await keyScreen(page, '7-licences-inactive');

    // Subscribing again goes through the grid's checkout, like a first purchase.
    await page.getByRole('link', { name: 'Choisir un plan' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\?tab=subscription&section=formules$/);
    await planCard(page, 'Scale').getByRole('button', { name: 'Choisir ce plan' }).click();
    await payInSandbox(page, 'Scale');
    await expectAttached(page, 'Scale');
    await expectSessionUsed(request, page);
    await openLicencesTab(page);
    await expect(licenceCard(page, domain)).toContainText('Active');
    await expect(licenceCard(page, domain)).not.toContainText('Inactive');
  });
  test('past due, ‘Mettre à jour ma carte’: the portal’s card form pays what is owed', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '', 'scale');
    const summary = await signInToSubscription(page, customer.email, customer.password);
    await summary.getByRole('button', { name: 'Gérer mon abonnement' }).click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await page.getByRole('button', { name: 'Simuler un échec de paiement' }).click();
    await expect(page.getByText('Un échec de paiement a été simulé.')).toBeVisible();
    await page.getByRole('link', { name: 'Retour au site' }).click();
    const pastDue = await subscriptionSummary(page);
    await expectStatus(pastDue, 'Paiement en échec');

    await pastDue.getByRole('button', { name: 'Mettre à jour ma carte' }).click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await expect(page.getByRole('heading', { name: 'Mettre à jour ma carte' })).toBeVisible();
    const card = page.getByLabel('Numéro de carte');
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Payer 39,99 €' }).click();
    await expect(page.getByRole('alert')).toHaveText('Votre carte a été refusée.');
    await expect(card).toHaveValue('4000 0000 0000 0002');
    await expectNoAxeViolations(page);
    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Payer 39,99 €' }).click();
    await expect(
      page.getByText('Votre carte a été mise à jour et la facture en attente est réglée.'),
    ).toBeVisible();
    await expect(page.locator('dl.summary')).toContainText('Actif');
    await page.getByRole('link', { name: 'Retour au site' }).click();
    await expectStatus(await subscriptionSummary(page), 'Actif');
    // The failed payment's warning, then the renewal's receipt after the purchase's own.
    await expectMailbox(page, customer.email, { received: ['Votre paiement a échoué'] });
    await expect(async () => {
      await page.goto('/sandbox/mailbox');
      await expect(mailsTo(page, customer.email, 'Votre reçu de paiement')).toHaveCount(2, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
  });

  test('the trial’s test clock: the reminder mail, then the trial ends', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('horloge');
    await registerTrialAccount(request, email);
    await logIn(page, email, password);
    const domain = `${uniqueDomain('essai')}.fr`;
    await addLicence(page, domain, `${domain.split('.')[0]}.myshopify.com`);

    // Every plan the trial chooses opens the sandbox's checkout, where its clock is offered.
    await openSubscriptionTab(page);
    await planCard(page, 'Scale').getByRole('button', { name: 'Choisir ce plan' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: "Ouvrir l'horloge de test de l'essai" }).click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    const portal = page.url();
    await expect(page.locator('dl.summary')).toContainText('Essai gratuit');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: "Avancer au rappel de fin d'essai" }).click();
    await expect(page.getByText("L'horloge de test est au rappel de fin d'essai.")).toBeVisible();
    await expectMailbox(page, email, { received: ['Votre essai gratuit se termine dans 2 jours'] });

    await page.goto(portal);
    await page.getByRole('button', { name: "Avancer à la fin de l'essai" }).click();
    await expect(page.getByText("L'horloge de test est à la fin de l'essai.")).toBeVisible();
    await expect(page.locator('dl.summary')).toContainText('Essai terminé');
    await page.getByRole('link', { name: 'Retour au site' }).click();
    const ended = await subscriptionSummary(page);
    await expectStatus(ended, 'Essai terminé');
    await expect(
      page
        .getByText('Votre essai gratuit est terminé : choisissez un plan pour continuer.')
        .first(),
    ).toBeVisible();
    await openLicencesTab(page);
    await expect(licenceCard(page, domain)).toContainText('Inactive');
    // Still the one reminder.
    await expectMailbox(page, email, { received: ['Votre essai gratuit se termine dans 2 jours'] });
  });
});
