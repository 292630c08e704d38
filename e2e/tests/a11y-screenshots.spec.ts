import { expect, expectNoAxeViolations, screenshotAt, test } from './fixtures.ts';

/** Every public page, with a heading that proves it rendered. */
const pages = [
  { name: 'landing', path: '/', heading: /Le thème conçu pour/ },
  { name: 'login', path: '/login', heading: 'Connexion' },
  { name: 'signup', path: '/signup', heading: 'Commencez votre essai gratuit de 7 jours' },
  { name: 'forgot-password', path: '/forgot-password', heading: 'Mot de passe oublié' },
  {
    name: 'reset-password',
    path: '/reset-password?token=exemple',
    heading: 'Nouveau mot de passe',
  },
  {
    name: 'payment-cancel',
    path: '/payment/cancel?plan=scale&billing=yearly',
    heading: 'Paiement annulé',
  },
  {
    name: 'payment-success',
    path: '/payment/success?plan=2&billing=monthly',
    heading: 'Paiement réussi',
  },
  { name: 'onboarding-denied', path: '/onboarding?session_id=cs_inconnu', heading: 'Accès refusé' },
  { name: 'terms', path: '/terms', heading: 'Conditions d’utilisation' },
  { name: 'privacy', path: '/privacy', heading: 'Politique de confidentialité' },
  { name: 'contact', path: '/contact', heading: 'Contacter le support' },
] as const;

for (const entry of pages) {
  test(`${entry.name}: no axe violation, screenshots at 390 and 1280 px`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(entry.path);
    await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, entry.name, 390);
    await screenshotAt(page, entry.name, 1280);
    await expectNoAxeViolations(page);
  });
}
