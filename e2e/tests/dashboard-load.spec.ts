import { expect, openWithScriptsHeld, screenshotAt, test } from './fixtures.ts';
import { addLicence, createPaidCustomer, logIn, uniqueDomain } from './dashboard.helpers.ts';

declare global {
  interface Window {
    /** The page's cumulative layout shift, summed by an observer started before any script. */
    layoutShift: number;
    /** What the licences tab showed, each time it changed (sampled at every frame). */
    tabLooks: string[];
  }
}

const firstCalls = [
  'GET /api/client/profile',
  'GET /api/client/licenses',
  'GET /api/client/subscription/current',
];

// docs/performance.md, 'The dashboard's frame': /dashboard arrives as a frame (the same for
// everyone) whose loader sends the first screen's calls; the app replaces it, nothing moving.
test.describe('the dashboard as served', () => {
  test('the HTML carries the frame, inert, and the early calls, nothing of any customer', async ({
    request,
  }) => {
    for (const path of ['/dashboard', '/dashboard?tab=profil']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="app-frame" inert>');
      expect(html, path).toContain('<div id="root" hidden></div>');
      for (const text of ['Tableau de bord', 'Gestion des licences', 'Utilisation des licences'])
        expect(html, path).toContain(text);
      expect(html, path).toContain('portalEarlyCalls');
      expect(html, path).not.toContain('demo@theme-portal.test');
      // The frame's own script is its only module script: the app's come from the loader.
      const modules = [...html.matchAll(/<script type="module"[^>]*>/g)].map((tag) => tag[0]);
      expect(modules, path).toEqual([
        expect.stringMatching(/^<script type="module" src="\/assets\/drawFrame-[\w-]+\.js">$/),
      ]);
    }
  });

  for (const width of [390, 1280]) {
    test(`signed in at ${width} px: each first call sent once, the frame replaced, no layout shift`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await logIn(page, 'demo@theme-portal.test', 'Demo1234!');
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
      });
      await page.addInitScript(() => {
        window.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) window.layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Served anew: the stored session, the frame, then the app.
      await page.goto('/dashboard');
      await page.waitForFunction(() => performance.getEntriesByName('licences-visible').length > 0);
      await expect(page.locator('#app-frame')).toHaveCount(0);
      await expect(page.locator('#root')).not.toHaveAttribute('hidden');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Gestion des licences' }),
      ).toHaveCount(1);
      for (const call of firstCalls)
        expect(
          calls.filter((sent) => sent === call),
          call,
        ).toHaveLength(1);
      expect(await page.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.02);
    });
  }

  test('signed in, the frame draws the usage card and the licence list from the early calls before the app, as the app shows them', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    // Basic holds one licence: with it, the list comes with the limit's warning.
    const customer = await createPaidCustomer(request, baseURL ?? '', 'basic');
    await logIn(page, customer.email, customer.password);
    const domain = uniqueDomain('cadre');
    await addLicence(page, `${domain}.fr`, `${domain}.myshopify.com`);
    // What the licences tab shows at each of the browser's frames: from the frame, then the app.
    await page.addInitScript(() => {
      window.tabLooks = [];
      const look = () => {
        const frame = document.getElementById('app-frame');
        const tab = frame ?? document.getElementById('root');
        const list = tab?.querySelector('.licences-list .ui-spinner')
          ? 'loading'
          : tab?.querySelector('.licence-items')
            ? 'rows'
            : 'none';
        const card = tab?.querySelector('.usage-card[aria-busy]') ? 'loading' : 'card';
        const seen = `${frame === null ? 'app' : 'frame'}: ${list}, ${card}`;
        if (window.tabLooks.at(-1) !== seen) window.tabLooks.push(seen);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const release = await openWithScriptsHeld(page, '**/assets/index-*.js', '/dashboard');
    const drawn = page.locator('#app-frame .licences-list');
    await expect(drawn.getByRole('heading', { level: 4, name: `${domain}.fr` })).toBeAttached();
    await expect(drawn.locator('.licence-item')).toHaveCount(1);
    await expect(drawn.locator('.ui-spinner')).toHaveCount(0);
    await expect(drawn.locator('#licences-limit-warning')).toContainText(
      'Vous avez atteint la limite de 1 licence de votre abonnement.',
    );
    expect(await page.evaluate(() => performance.getEntriesByName('licences-visible').length)).toBe(
      1,
    );
    const card = page.locator('#app-frame .usage-card');
    await expect(card.locator('dd')).toHaveText(['1', '1', '0']);
    await expect(card.locator('.ui-badge')).toHaveText('Limite atteinte');
    const framed = [await card.innerText(), await drawn.innerText()];
    await screenshotAt(page, 'dashboard-frame-list', 390);
    release();
    await expect(page.locator('#app-frame')).toHaveCount(0);
    const shown = page.locator('#root .licences-list');
    await expect(shown.locator('.licence-item').first()).toBeVisible();
    expect([await page.locator('#root .usage-card').innerText(), await shown.innerText()]).toEqual(
      framed,
    );
    // Once drawn, the tab never went back to its loading state: the app took the frame's place
    // with its own data.
    const looks = await page.evaluate(() => window.tabLooks);
    expect(looks.slice(looks.indexOf('frame: rows, card'))).toEqual([
      'frame: rows, card',
      'app: rows, card',
    ]);
  });

  test('without a session the frame gives way to /login', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/client/')) calls.push(request.url());
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.locator('#app-frame')).toHaveCount(0);
    expect(calls).toEqual([]);
  });
});
