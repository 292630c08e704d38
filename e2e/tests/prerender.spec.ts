import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chooseYearly, expect, holdPageTime, openWithScriptsHeld, test } from './fixtures.ts';

/** The price a plan's card shows (it carries the other cycle's, hidden). */
const shownPrice = (page: Page, plan: string) =>
  page
    .getByRole('article', { name: plan })
    .locator('.ui-plan-card__price')
    .filter({ visible: true });

/** The page's console errors and warnings, and its uncaught errors, from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Keeps the heading the HTML gave (at DOMContentLoaded, before the app's scripts, which the page's
 * loader adds after load); the function returned says whether it is still the page's: React
 * hydrated the HTML rather than rendering the page again.
 */
async function watchPrerenderedHeading(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
        document.querySelector('h1');
    });
  });
  return () =>
    page.evaluate(() => {
      const kept = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
      return kept !== null && kept === document.querySelector('h1') && document.contains(kept);
    });
}

// docs/performance.md: the landing page arrives as HTML and is hydrated, not rendered again.
test.describe('prerendered landing and login pages', () => {
  test('/, /pricing and /login carry their page in the HTML; other pages do not', async ({
    request,
  }) => {
    for (const path of ['/', '/pricing', '/?utm_source=annonce']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('Le thème conçu pour');
      for (const plan of ['Basic', 'Scale', 'Business']) expect(html, path).toContain(plan);
      expect(html, path).toContain('19,99');
      // The landing CSS is inline: no stylesheet blocks the first paint, and none is fetched
      // before it (the loader names the inlined ones for the app when it adds the scripts).
      expect(html, path).not.toMatch(/<link rel="stylesheet"/);
      expect(html, path).toMatch(/inlinedCss"?:\[["'`]\/assets\/[^"'`]+\.css/);
    }
    const login = await (await request.get('/login')).text();
    expect(login).toContain('Accédez à votre espace client.');
    // The inline loader is minified (9.3 KiB as written): it comes before the content.
    const pages: [string, string][] = [
      ['/login', login],
      ['/dashboard', await (await request.get('/dashboard')).text()],
    ];
    for (const [path, html] of pages) {
      const loader = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(loader.length, path).toBeGreaterThan(0);
      expect(loader.length, path).toBeLessThan(5632);
    }
    expect(login).not.toContain('<script type="module"');
    const signup = await (await request.get('/signup')).text();
    expect(signup).toContain('<div id="root"></div>');
  });

  test('readable without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Le thème conçu pour');
    await expect(page.getByRole('article', { name: 'Basic' })).toContainText('19,99 €');
    await context.close();
  });

  test('hydrates the HTML it got, with no error in the console', async ({ page }) => {
    const problems = consoleProblems(page);
    const keptHeading = await watchPrerenderedHeading(page);
    await page.goto('/');
    // Once the switch answers a click, React owns the page.
    await chooseYearly(page);
    await expect(page.getByRole('article', { name: 'Basic' })).toContainText('203,89 €');
    expect(await keptHeading()).toBe(true);
    expect(problems).toEqual([]);
  });

  // A change on the root element, or a stylesheet added, restyles the whole page as the app takes
  // it over, in the way of a visitor's tap (docs/performance.md, 'Taps during hydration').
  for (const path of ['/', '/login']) {
    test(`${path}: the app takes the page over without restyling it`, async ({ page }) => {
      await page.addInitScript(() => {
        const changes: string[] = [];
        (window as unknown as { restyles: string[] }).restyles = changes;
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.target === document.documentElement && record.type === 'attributes')
              changes.push(`<html ${record.attributeName}>`);
            for (const node of Array.from(record.addedNodes))
              if (node.nodeName === 'STYLE' && document.readyState === 'complete')
                changes.push(`<style> ${(node as Element).id}`);
          }
        }).observe(document, { attributes: true, childList: true, subtree: true });
      });
      await page.goto(path);
      await page.mouse.move(10, 10);
      await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
      expect(
        await page.evaluate(() => (window as unknown as { restyles: string[] }).restyles),
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
    });
  }

  // The onboarding's 'Retour aux tarifs' leads here; the served HTML knows no query, so the reason
  // shows once the page is hydrated (a first render that differs is React's hydration error 418).
  for (const path of [
    '/pricing?error=Session%20de%20paiement%20manquante',
    '/?error=Session%20de%20paiement%20manquante',
  ]) {
    test(`${path}: hydrated with no error in the console, then the reason shows`, async ({
      page,
    }) => {
      const problems = consoleProblems(page);
      const keptHeading = await watchPrerenderedHeading(page);
      await page.goto(path);
      await expect(page.locator('#pricing').getByRole('alert')).toHaveText(
        'Session de paiement manquante',
      );
      expect(await keptHeading()).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test('a switch flipped before hydration is kept: the prices follow it once the scripts run', async ({
    page,
  }) => {
    const releaseScripts = await openWithScriptsHeld(page);
    const basicPrice = shownPrice(page, 'Basic');
    await page.locator('label.ui-switch').click();
    await expect(page.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
    // The checkbox shows the yearly prices through CSS already.
    await expect(basicPrice).toHaveText('203,89 € / an');
    releaseScripts();
    await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
    await expect(basicPrice).toHaveText('203,89 € / an');
    await expect(page.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
    // The app keeps the switch: back to monthly.
    await page.locator('label.ui-switch').click();
    await expect(basicPrice).toHaveText('19,99 € / mois');
  });

  // Before any script, and while only the landing chunk is missing (React then owns the root
  // but not yet the page): the card's button is a form the server answers, so the tap reaches the
  // hosted checkout at once, with no script (docs/performance.md, 'Taps before the app').
  for (const held of ['**/*.js', '**/LandingPage-*.js']) {
    test(`a plan chosen before hydration goes to the checkout at once (${held} held)`, async ({
      page,
    }) => {
      const releaseScripts = await openWithScriptsHeld(page, held);
      const created = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/checkout',
      );
      await page
        .getByRole('article', { name: 'Basic' })
        .getByRole('button', { name: 'Choisir ce plan' })
        .click();
      expect((await created).status()).toBe(303);
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      await expect(page.getByRole('main')).toContainText('Basic');
      releaseScripts();
    });
  }

  test('a plan chosen before hydration shows the overlay at once and is sent once', async ({
    page,
  }) => {
    // The server's answer is held while the page reports each submission (through a binding:
    // Playwright's own calls would wait for the next page) and presses the button again.
    let posts = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/checkout', async (route) => {
      posts += 1;
      await answered;
      await route.continue();
    });
    const reports: { sent: boolean; overlay: string }[] = [];
    let reported = () => {};
    const twoReports = new Promise<void>((resolve) => (reported = resolve));
    await page.exposeFunction('reportSubmission', (report: { sent: boolean; overlay: string }) => {
      reports.push(report);
      if (reports.length === 2) reported();
    });
    await page.addInitScript(() => {
      const report = (window as unknown as { reportSubmission: (report: object) => void })
        .reportSubmission;
      document.addEventListener('submit', (event) => {
        const overlay = document.querySelector('.checkout-overlay');
        report({
          sent: !event.defaultPrevented,
          overlay: overlay === null ? 'none' : getComputedStyle(overlay).display,
        });
        // The same button pressed again before the next page comes.
        if (!event.defaultPrevented) setTimeout(() => event.submitter?.click());
      });
    });
    const releaseScripts = await openWithScriptsHeld(page);
    await page
      .getByRole('article', { name: 'Basic' })
      .getByRole('button', { name: 'Choisir ce plan' })
      .click({ noWaitAfter: true });
    await twoReports;
    // Through CDP: Playwright's screenshot would wait for the next page too.
    const cdp = await page.context().newCDPSession(page);
    const { data } = await cdp.send('Page.captureScreenshot');
    writeFileSync(
      'screenshots/landing-checkout-overlay-before-app.png',
      Buffer.from(data, 'base64'),
    );
    expect(reports).toEqual([
      { sent: true, overlay: 'grid' },
      { sent: false, overlay: 'grid' },
    ]);
    answer();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    expect(posts).toBe(1);
    releaseScripts();
  });

  test('a press begun before hydration and released after it acts once', async ({ page }) => {
    const releaseScripts = await openWithScriptsHeld(page);
    const choose = page
      .getByRole('article', { name: 'Basic' })
      .getByRole('button', { name: 'Choisir ce plan' });
    await choose.hover();
    await page.mouse.down();
    releaseScripts();
    // The app has taken the page over (it ended the loader's recording) before the release.
    await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  });

  test('the billing switch pressed before hydration and released after it flips once', async ({
    page,
  }) => {
    const releaseScripts = await openWithScriptsHeld(page);
    await page.locator('#pricing label.ui-switch').hover();
    await page.mouse.down();
    releaseScripts();
    await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
    await page.mouse.up();
    // The browser flipped it and the app followed: the yearly prices, and React's switch says so.
    await expect(page.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
    await expect(page.getByRole('article', { name: 'Basic' })).toContainText('203,89 €');
    // Back to monthly with one more click: React's state and the box agree.
    await page.locator('#pricing label.ui-switch').click();
    await expect(page.getByRole('switch', { name: 'Facturation annuelle' })).not.toBeChecked();
    await expect(page.getByRole('article', { name: 'Basic' })).toContainText('19,99 €');
  });
});

// docs/performance.md, 'Taps before the app': what a visitor taps first on / answers from the
// HTML itself, with every script of the page refused.
test.describe('the landing before any script', () => {
  test('the FAQ opens one question at a time', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    const question = (name: string) => page.locator('#faq details', { hasText: name });
    const first = question('Dois-je savoir coder pour utiliser le thème ?');
    const second = question('Y a-t-il des frais mensuels cachés ?');
    await first.locator('summary').click();
    await expect(page.getByText('Tout se règle depuis l’éditeur')).toBeVisible();
    await second.locator('summary').click();
    await expect(second).toHaveJSProperty('open', true);
    await expect(first).toHaveJSProperty('open', false);
    await expect(page.getByText('Tout se règle depuis l’éditeur')).toBeHidden();
  });

  test('the billing switch shows the yearly prices, and back', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(shownPrice(page, 'Scale')).toHaveText('39,99 € / mois');
    await page.locator('label.ui-switch').click();
    await expect(page.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
    await expect(shownPrice(page, 'Basic')).toHaveText('203,89 € / an');
    await expect(shownPrice(page, 'Scale')).toHaveText('407,89 € / an');
    await expect(shownPrice(page, 'Business')).toHaveText('815,89 € / an');
    await page.locator('label.ui-switch').click();
    await expect(shownPrice(page, 'Business')).toHaveText('79,99 € / mois');
  });

  test("'Choisir ce plan' reaches the hosted checkout of the cycle chosen, and cancels back to it", async ({
    page,
  }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await page.locator('label.ui-switch').click();
    await page
      .getByRole('article', { name: 'Scale' })
      .getByRole('button', { name: 'Choisir ce plan' })
      .click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByRole('main')).toContainText('Scale');
    await expect(page.getByRole('main')).toContainText('407,89 €');
    await page.screenshot({ path: 'screenshots/landing-no-script-checkout.png' });
    await page.getByRole('link', { name: 'Annuler et revenir au site' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel\?plan=scale&billing=yearly$/);
  });

  // docs/product.md#landing-page: 0 to 4,9, 20 and 98 in 100 steps over a second.
  test('the title rotates its words every 3000 ms; not under reduced motion', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    const shown = page.locator('.landing-hero__word > span').filter({ visible: true });
    await expect(shown).toHaveText('convertir');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(/convertir/);
    // The stylesheet's animations sought to a moment of their cycle, not waited for.
    const at = (ms: number) =>
      page.evaluate((time) => {
        for (const animation of document.getAnimations()) {
          const { animationName } = animation as CSSAnimation;
          if (animationName === 'landing-word-turn') animation.currentTime = time;
        }
      }, ms);
    for (const [ms, word] of [
      [2_900, 'convertir'],
      [3_100, 'séduire'],
      [6_100, 'engager'],
      [9_100, 'motiver'],
      [12_100, 'convertir'],
    ] as const) {
      await at(ms);
      await expect(shown).toHaveText(word);
    }
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await at(3_100);
    await expect(shown).toHaveText('convertir');
  });

  test('the statistics count up, drawn over their final text; not under reduced motion', async ({
    page,
  }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    // Each figure's count, held at a moment of it: the counted value, what is drawn, and whether
    // the final text is seen.
    const at = (ms: number) =>
      page.evaluate((time) => {
        return Array.from(document.querySelectorAll<HTMLElement>('.landing-stat dd'), (dd) => {
          for (const animation of dd.getAnimations({ subtree: true })) {
            animation.pause();
            animation.currentTime = time;
          }
          return [
            getComputedStyle(dd).getPropertyValue('--stat-n'),
            getComputedStyle(dd, '::before').visibility,
            getComputedStyle(dd).color === 'rgba(0, 0, 0, 0)',
          ];
        });
      }, ms);
    expect(await at(0)).toEqual([
      ['0', 'visible', true],
      ['0', 'visible', true],
      ['0', 'visible', true],
    ]);
    expect((await at(500)).map(([count]) => count)).toEqual(['25', '10', '49']);
    expect(await at(999)).toEqual([
      ['49', 'visible', true],
      ['20', 'visible', true],
      ['98', 'visible', true],
    ]);
    // Screen readers get the figures, once.
    await expect(page.locator('.landing-stats')).toHaveText(/4,9\/5.*20k\+.*98 %/);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    const animated = await page.evaluate(
      () => document.querySelector('.landing-stats')?.getAnimations({ subtree: true }).length,
    );
    expect(animated).toBe(0);
  });
});

// docs/performance.md, 'Scripts at the first gesture': nothing runs while the page is only read.
test.describe('scripts of the prerendered pages', () => {
  const moduleScriptAdded = (page: Page) =>
    page.evaluate(() => document.querySelector('script[type="module"]') !== null);

  // A task after the load (page.goto waits for it), the first contentful paint and the next frame:
  // when the loader adds them if it does not wait for a gesture.
  const afterLoadAndPaint = (page: Page) =>
    page.evaluate(
      () =>
        new Promise((done) => {
          new PerformanceObserver((list, observer) => {
            if (list.getEntriesByName('first-contentful-paint').length === 0) return;
            observer.disconnect();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => setTimeout(() => setTimeout(done))),
            );
          }).observe({ type: 'paint', buffered: true });
        }),
    );

  test('come after the first gesture, not with the page', async ({ page }) => {
    await page.goto('/');
    await afterLoadAndPaint(page);
    expect(await moduleScriptAdded(page)).toBe(false);
    await page.mouse.move(20, 20);
    await expect.poll(() => moduleScriptAdded(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
  });

  test('/: taps in a burst are answered by the page alone; the scripts come in the first pause of a second', async ({
    page,
  }) => {
    await holdPageTime(page);
    await page.goto('/');
    // A first touch where nothing answers, then a question 0.9 s later, then a key 0.9 s later.
    await page.locator('.landing-hero__lead').click();
    await page.clock.runFor(900);
    const question = page.locator('#faq details').first();
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open', '');
    await page.clock.runFor(900);
    await page.keyboard.press('Shift');
    await page.clock.runFor(999);
    expect(await moduleScriptAdded(page)).toBe(false);
    await page.clock.runFor(1);
    expect(await moduleScriptAdded(page)).toBe(true);
    await page.clock.resume();
    await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
    await expect(question).toHaveAttribute('open', '');
  });

  test('/login: typing waits for a pause; a submit held for the app brings the scripts at once', async ({
    page,
  }) => {
    await holdPageTime(page);
    await page.goto('/login');
    await page.getByLabel('Email').pressSequentially('demo@theme-portal.test');
    await page.clock.runFor(900);
    await page.getByLabel('Mot de passe').pressSequentially('Demo1234!');
    await page.clock.runFor(900);
    expect(await moduleScriptAdded(page)).toBe(false);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.locator('main form[data-held]')).toHaveCount(1);
    // After the frame that paints the busy button, not after a pause.
    await page.clock.runFor(100);
    expect(await moduleScriptAdded(page)).toBe(true);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('wait for the largest paint, and the page fetches no icon', async ({ page }) => {
    await page.goto('/');
    await afterLoadAndPaint(page);
    const fetchedBeforeLargestPaint = await page.evaluate(
      () =>
        new Promise<string[]>((done) => {
          new PerformanceObserver((list) => {
            const largest = list.getEntries().at(-1)!.startTime;
            done(
              performance
                .getEntriesByType('resource')
                .filter((entry) => entry.startTime < largest)
                .map((entry) => entry.name),
            );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(fetchedBeforeLargestPaint).toEqual([]);
    // A request for /favicon.ico before the largest paint would delay it in Lighthouse's model.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      'href',
      /^data:image\/svg\+xml,/,
    );
  });

  // Timers on the page's fake clock: ten seconds pass at once, the loader's included.
  test('/ left alone fetches and runs no script; /login loads its own when idle', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await afterLoadAndPaint(page);
    await page.clock.runFor(10_000);
    expect(await moduleScriptAdded(page)).toBe(false);
    const scriptsFetched = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js')),
      );
    expect(await scriptsFetched()).toEqual([]);

    await page.goto('/login');
    await afterLoadAndPaint(page);
    await page.clock.runFor(10_000);
    await expect.poll(() => moduleScriptAdded(page)).toBe(true);
  });

  test('come at once for an address the page acts on (a plan chosen before)', async ({ page }) => {
    await page.goto('/?plan=scale&billing=yearly');
    await afterLoadAndPaint(page);
    expect(await moduleScriptAdded(page)).toBe(true);
    await expect(page.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
  });
});

test.describe('prerendered login page', () => {
  test('what is typed and submitted before hydration logs in once the scripts run', async ({
    page,
  }) => {
    const releaseScripts = await openWithScriptsHeld(page, '**/*.js', '/login');
    await page.getByLabel('Email').fill('demo@theme-portal.test');
    await page.getByLabel('Mot de passe').fill('Demo1234!');
    const submit = page.getByRole('button', { name: 'Se connecter' });
    await submit.click();
    // The browser did not submit the form itself: no password in the address.
    await expect(page).toHaveURL(/\/login$/);
    // The button looks busy at once, as it does once the app sends the form (ui/Button.css).
    await expect(page.locator('main form[data-held]')).toHaveCount(1);
    expect(
      await submit.evaluate((button) => getComputedStyle(button, '::before').animationName),
    ).toBe('ui-button-busy');
    await page.screenshot({ path: test.info().outputPath('login-held.png') });
    releaseScripts();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  });

  test('a stored session opens the dashboard instead of hydrating the login form', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@theme-portal.test');
    await page.getByLabel('Mot de passe').fill('Demo1234!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(errors).toEqual([]);
    // The loader stopped keeping clicks and holding submits when the app replaced its page.
    expect(await page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
  });
});
