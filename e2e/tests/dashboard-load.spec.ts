import { expect, test } from './fixtures.ts';
import { logIn } from './dashboard.helpers.ts';

declare global {
  interface Window {
    /** The page's cumulative layout shift, summed by an observer started before any script. */
    layoutShift: number;
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
      expect(html, path).not.toContain('<script type="module"');
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
