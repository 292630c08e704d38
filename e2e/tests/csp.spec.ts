import type { Page } from '@playwright/test';
import { createPaidCustomer, logIn } from './dashboard.helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * docs/security.md, item 15, browser half: the built app runs under the server's
 * Content-Security-Policy with no violation, seen both as `securitypolicyviolation` events and as
 * console messages.
 */

const publicPages = [
  '/',
  '/pricing',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=jeton',
  '/payment/success?session_id=cs_inconnu&plan=basic&billing=monthly',
  '/payment/cancel?plan=basic&billing=monthly',
  '/onboarding?session_id=cs_inconnu',
  '/terms',
  '/privacy',
  '/contact',
];

/** Records every CSP violation of the page from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      void report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('every public page loads with no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of publicPages) {
    const answer = await page.goto(path);
    expect(answer?.headers()['content-security-policy'], path).toContain("object-src 'none'");
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('the dashboard and its tabs load with no CSP violation', async ({
  page,
  request,
  baseURL,
}) => {
  const violations = await watchViolations(page);
  const customer = await createPaidCustomer(request, baseURL ?? '');
  await logIn(page, customer.email, customer.password);
  for (const tab of ['licences', 'themes', 'trendtrack', 'profil', 'subscription']) {
    await page.goto(`/dashboard?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
