import type { Page } from '@playwright/test';
import { createPaidCustomer } from './dashboard.helpers.ts';
import { expect, test } from './fixtures.ts';
import {
  expectAttached,
  expectSessionUsed,
  expectStatus,
  mailsTo,
  password,
  payInSandbox,
  planCard,
  registerTrialAccount,
  keyScreen,
  subscriptionSummary,
  uniqueEmail,
  watchReturn,
} from './lifecycle.helpers.ts';

// A visitor's payment that does not end in a new account the straight way (docs/product.md,
// 'Purchase paths'): the email already has an account, or the onboarding tab was lost.

/** A visitor (not signed in) buys Scale monthly from the landing page and pays as `email`. */
async function payAsVisitor(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await planCard(page, 'Scale').getByRole('button', { name: 'Choisir ce plan' }).click();
  await payInSandbox(page, 'Scale', email);
  await expect(page).toHaveURL(/\/onboarding\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeVisible();
}

async function fillAccountForm(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Création du compte' });
  await form.getByLabel('Prénom').fill('Jeanne');
  await form.getByLabel('Nom', { exact: true }).fill('Martin');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByLabel('Confirmation du mot de passe').fill(password);
  await form.getByText("J'accepte les conditions d'utilisation").click();
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** The onboarding's form to sign in to the account an email already has. */
function signInForm(page: Page) {
  return page
    .getByRole('region', { name: 'Compte existant' })
    .getByRole('form', { name: 'Connexion au compte existant' });
}

/** Signs in to that account with `secret` (after `beforeSending`), which attaches the payment. */
async function signInAndAttach(
  page: Page,
  secret: string,
  beforeSending: () => Promise<void> = async () => {},
): Promise<void> {
  const form = signInForm(page);
  await form.getByLabel('Mot de passe du compte').fill(secret);
  await beforeSending();
  await form.getByRole('button', { name: 'Se connecter et rattacher' }).click();
}

test.describe('purchase recovery', () => {
  // Each journey crosses several pages, the provider's and the mailbox's, with axe at its key
  // screens: twice the budget of a one-page journey (playwright.config.ts).
  test.describe.configure({ timeout: 120_000 });

  test('an existing account’s email pays as a visitor: sign in on the onboarding and attach', async ({
    page,
    request,
  }) => {
    watchReturn(page);
    const email = uniqueEmail('existant');
    await registerTrialAccount(request, email);

    await payAsVisitor(page, email);
    // The checkout's email fills the form; the account exists, so finalizing is refused…
    await fillAccountForm(page, email);
    await expect(page.getByText('Cet email est déjà utilisé')).toBeVisible();
    // …and signing in to that account attaches the payment there.
    const existing = page.getByRole('region', { name: 'Compte existant' });
    await expect(existing).toContainText(
      'Un compte existe déjà avec cet email. Connectez-vous pour y rattacher votre paiement.',
    );
    await expect(signInForm(page).getByLabel('Email du compte')).toHaveValue(email);
    await signInAndAttach(page, password, async () => keyScreen(page, '3-existing-account'));

    await expect(page.getByText('Votre abonnement est actif.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?tab=subscription/);
    const summary = await subscriptionSummary(page);
    await expect(summary.getByRole('heading', { level: 3 })).toHaveText('Scale');
    await expectStatus(summary, 'Actif');
    await expect(summary).not.toContainText('Essai gratuit');
    await expect(planCard(page, 'Scale')).toContainText('Formule actuelle');
    await keyScreen(page, '3-attached');
    await expectSessionUsed(request, page, '/onboarding');
  });

  test('an account that already paid pays again as a visitor, attaches it: its portal opens at once', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createPaidCustomer(request, baseURL ?? '', 'basic');
    await payAsVisitor(page, customer.email);
    await fillAccountForm(page, customer.email);
    await expect(page.getByText('Cet email est déjà utilisé')).toBeVisible();
    await signInAndAttach(page, customer.password);
    const summary = await expectAttached(page, 'Scale');
    await keyScreen(page, '3-paid-again');
    // The account is billed to the new payment's provider customer now: the portal it opens is
    // that one's, without a reload and without 'Erreur lors de l'accès au portail Stripe'.
    await summary.getByRole('button', { name: 'Gérer mon abonnement' }).click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await expect(page.locator('dl.summary')).toContainText('Scale');
  });

  test('a lost onboarding tab: the link is sent again, from the mailbox to the dashboard', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('perdu');
    await payAsVisitor(page, email);
    // The tab is closed before the account is made.
    await page.close();

    const again = await context.newPage();
    await again.goto('/onboarding');
    await expect(
      again.getByRole('heading', { level: 1, name: 'Retrouver votre lien de création de compte' }),
    ).toBeVisible();
    const form = again.getByRole('form', { name: 'Retrouver votre lien de création de compte' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await expect(
      again.getByText(
        'Si un paiement a été fait avec cet email, le lien de création de compte vient de vous être envoyé.',
      ),
    ).toBeVisible();
    await keyScreen(again, '8-resend');

    // The payment's own mail and the one sent again: both lead to the account creation.
    const subject = 'Créez votre compte pour accéder à votre abonnement';
    const mails = mailsTo(again, email, subject);
    await expect(async () => {
      await again.goto('/sandbox/mailbox');
      await expect(mails).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // The newest first.
    await mails.first().click();
    await expect(again.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(again.getByText(email)).toBeVisible();
    await keyScreen(again, '8-mail', { axe: false });
    await again.locator('pre').getByRole('link').click();

    await expect(again).toHaveURL(/\/onboarding\?session_id=[^&]+$/);
    await expect(
      again.getByRole('heading', { level: 1, name: 'Créez votre compte' }),
    ).toBeVisible();
    await fillAccountForm(again, email);
    await expect(again).toHaveURL(/\/dashboard$/);
    await expect(again.getByRole('heading', { name: 'Tableau de bord' }).first()).toBeVisible();
  });
});
