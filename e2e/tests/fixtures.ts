import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The server address the global setup chose (read at run time, after the setup ran). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (url === undefined)
      throw new Error('E2E_BASE_URL is unset: run through playwright.config.ts');
    await use(url);
  },
});

export { expect };

/** Turns the pricing switch to yearly the way a person does: a click on the toggle. */
export async function chooseYearly(page: Page): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Facturation annuelle' });
  await page.locator('label.ui-switch').click();
  await expect(toggle).toBeChecked();
}

/** No axe violation of any impact on the page as it stands. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect(summary).toEqual([]);
}

/** A full-page screenshot under e2e/screenshots/<name>-<width>.png (gitignored). */
export async function screenshotAt(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
}

/** Opens `path` with the scripts matching `pattern` held back until the returned function is called. */
export async function openWithScriptsHeld(
  page: Page,
  pattern = '**/*.js',
  path = '/',
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  return release;
}

/**
 * The served dashboard's frame has given way to the app (docs/performance.md, 'The dashboard's
 * frame'): until then the frame may show the licences tab already, inert, while the app's copy
 * waits in its hidden root with the same ids.
 */
export async function expectAppLive(page: Page): Promise<void> {
  await expect(page.locator('#app-frame')).toHaveCount(0);
}
