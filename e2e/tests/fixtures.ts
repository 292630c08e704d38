import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** axe-core's own build: the one @axe-core/playwright injects. */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/** What is read of axe-core's API and results. */
interface PortalAxe {
  run(
    context: Document | { include: string[][]; exclude: string[][] },
    options: { rules: Record<string, { enabled: boolean }> },
  ): Promise<{ violations: AxeViolation[] }>;
}

export interface AxeAudit {
  /** Selectors audited and left out; the whole document when absent. */
  context?: { include: string[][]; exclude: string[][] };
  /** Rules turned off. */
  disabled?: string[];
}

/** What axe reports, as AxeBuilder and `axe.run` both give it. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: readonly unknown[] }[];
}

/** One line per violation: 'id (impact): targets'. */
function summarise(violations: AxeViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'none'}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

/**
 * axe's violations in a page with no frame, as `summarise` writes them. axe-core is injected once
 * per document and run there; AxeBuilder injects it into every frame at each analysis and
 * finishes each run in a page of its own: 1.3 s against 0.26 s (docs/decisions.md, 'Test run
 * time'). Its own copy, kept as `portalAxe`: Storybook's a11y addon puts another, configured its
 * own way, on `window.axe`.
 */
export async function axeViolations(
  page: Page,
  { context, disabled = [] }: AxeAudit = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'portalAxe' in window))) {
    await page.evaluate(`${axeSource};\nwindow.portalAxe = window.axe;`);
  }
  // The violations only: the whole result (every rule passed) is far larger to hand back.
  const violations = await page.evaluate(
    async ({ context: audited, disabled: rulesOff }) =>
      (
        await (window as unknown as { portalAxe: PortalAxe }).portalAxe.run(audited ?? document, {
          rules: Object.fromEntries(rulesOff.map((rule) => [rule, { enabled: false }])),
        })
      ).violations,
    { context, disabled },
  );
  return summarise(violations);
}

/**
 * No axe violation of any impact on the page as it stands. A page with a frame goes through
 * AxeBuilder, which audits inside the frames; one `axe.run` would wait on them.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const framed = (await page.locator('iframe').count()) > 0;
  expect(
    framed
      ? summarise((await new AxeBuilder({ page }).analyze()).violations)
      : await axeViolations(page),
  ).toEqual([]);
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
 * From here on the page's time moves only when the test moves it (`page.clock.runFor`), starting
 * a minute ahead of the machine's; `page.clock.resume()` lets it run again.
 */
export async function holdPageTime(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

/**
 * The served dashboard's frame has given way to the app (docs/performance.md, 'The dashboard's
 * frame'): until then the frame may show the licences tab already, inert, while the app's copy
 * waits in its hidden root with the same ids.
 */
export async function expectAppLive(page: Page): Promise<void> {
  await expect(page.locator('#app-frame')).toHaveCount(0);
}
