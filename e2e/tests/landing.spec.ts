import { chooseYearly, expect, openWithScriptsHeld, test } from './fixtures.ts';

test.describe('landing page', () => {
  test('texts, navigation and the pricing switch', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Accueil · Theme Portal');
    await expect(page.getByText('Aucun frais mensuel').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Le thème conçu pour');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login');
    await expect(page.getByText('Plus de 400 € économisés chaque mois')).toBeVisible();

    const basic = page.getByRole('article', { name: 'Basic' });
    await expect(basic).toContainText('19,99 €');
    await expect(basic).toContainText('/ mois');
    await expect(page.getByText('-15%')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Scale' })).toContainText('Recommandé');

    await chooseYearly(page);
    await expect(basic).toContainText('203,89 €');
    await expect(basic).toContainText('/ an');
    await expect(page.getByRole('article', { name: 'Scale' })).toContainText('407,89 €');
    await expect(page.getByRole('article', { name: 'Business' })).toContainText('815,89 €');

    await expect(page.locator('#testimonials blockquote')).toHaveCount(12);
  });

  test('on a 375 px phone the sections are reachable through the header menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByText('Menu', { exact: true }).click();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Questions fréquentes' })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
  });

  test('on a phone, a section followed from the menu before the page is live closes it once live', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const release = await openWithScriptsHeld(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByText('Menu', { exact: true }).click();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Questions fréquentes' })).toBeInViewport();
    release();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
  });

  test('FAQ: opening one item closes the others', async ({ page }) => {
    await page.goto('/');
    // Native disclosures: each question is its details' summary.
    const question = (name: string) => page.locator('#faq details', { hasText: name });
    const first = question('Dois-je savoir coder pour utiliser le thème ?');
    const second = question('Y a-t-il des frais mensuels cachés ?');
    await first.locator('summary').click();
    await expect(first).toHaveJSProperty('open', true);
    await expect(page.getByText('Tout se règle depuis l’éditeur')).toBeVisible();
    await second.locator('summary').click();
    await expect(second).toHaveJSProperty('open', true);
    await expect(first).toHaveJSProperty('open', false);
    await expect(page.getByText('Tout se règle depuis l’éditeur')).toBeHidden();
  });

  test('/pricing scrolls to the pricing section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    await expect(page.locator('#pricing')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test('the hero call to action scrolls to pricing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Voir les tarifs' }).click();
    await expect(page.locator('#pricing')).toBeInViewport();
  });

  test('no horizontal scrolling from 320 px up', async ({ page }) => {
    for (const width of [320, 390, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('article', { name: 'Basic' })).toBeVisible();
      // Every box ends inside the viewport (the page clips its x overflow, so scrollWidth can't tell);
      // the scrolling claims are the one thing meant to run past the edge.
      const outside = await page.evaluate(() =>
        Array.from(document.querySelectorAll('header *, main *, footer *'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName}.${element.className}`),
      );
      expect(outside, `at ${width} px`).toEqual([]);
    }
  });

  test('an unknown path redirects to /', async ({ page }) => {
    await page.goto('/cette-page-nexiste-pas');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Le thème conçu pour');
  });
});
