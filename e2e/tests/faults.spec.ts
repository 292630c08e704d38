import type { Page } from '@playwright/test';
import {
  createPaidCustomer,
  logIn,
  paidCheckoutSession,
  uniqueDomain,
} from './dashboard.helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * docs/security.md#browser-under-faults-item-18: the browser under faults, with request
 * interception against the real product, and tampered provider answers that must never be navigated
 * to.
 */

const checkoutError = 'Une erreur est survenue lors du traitement du paiement.';

/** Opens the licence modal and types both domains; returns them. */
async function typeLicence(page: Page) {
  const shop = uniqueDomain('panne');
  const values = { custom: `${shop}.fr`, shop };
  await page.getByRole('button', { name: 'Ajouter une licence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une licence' });
  await dialog.getByLabel('Domaine personnalisé').fill(values.custom);
  await dialog.getByLabel('Domaine Shopify').fill(values.shop);
  return { dialog, values };
}

async function expectLicenceKept(page: Page, values: { custom: string; shop: string }) {
  const dialog = page.getByRole('dialog', { name: 'Ajouter une licence' });
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByLabel('Domaine personnalisé')).toHaveValue(values.custom);
  await expect(dialog.getByLabel('Domaine Shopify')).toHaveValue(values.shop);
}

test.describe('the licence modal keeps what was typed', () => {
  test('through a 500, a timeout and a 409, then saves once the server answers', async ({
    page,
    request,
    baseURL,
  }) => {
    // The timeout step moves the page's clock past the client's 10 s instead of waiting them.
    await page.clock.install();
    const customer = await createPaidCustomer(request, baseURL ?? '');
    await logIn(page, customer.email, customer.password);
    const { dialog, values } = await typeLicence(page);
    const save = () => dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const licences = '**/api/client/licenses';

    await page.route(licences, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'Erreur serveur interne' } })
        : route.fallback(),
    );
    await save();
    await expect(dialog.getByRole('alert')).toContainText('Erreur serveur interne');
    await expectLicenceKept(page, values);
    await page.unrouteAll({ behavior: 'wait' });

    // Held past the client's timeout: the client gives up, the modal stays as typed.
    let held = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(licences, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      held += 1;
      await released;
      await route.abort('timedout').catch(() => undefined);
    });
    await save();
    // Sent, so the client's timer runs: 11 s of the page's time pass at once.
    await expect.poll(() => held).toBe(1);
    await page.clock.fastForward(11_000);
    // The 500's words give way to the timeout's.
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('alert')).not.toContainText('Erreur serveur interne');
    expect(held).toBe(1);
    release();
    await expectLicenceKept(page, values);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.route(licences, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 409, json: {} })
        : route.fallback(),
    );
    await save();
    await expect(dialog.getByRole('alert')).toContainText(
      'Une licence avec ce domaine existe déjà',
    );
    await expectLicenceKept(page, values);
    await page.unrouteAll({ behavior: 'wait' });

    // The real server now: the same values are saved without retyping.
    await save();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: values.custom })).toBeVisible();
  });
});

test('the onboarding form keeps its values through a network error', async ({
  page,
  request,
  baseURL,
}) => {
  const sessionId = await paidCheckoutSession(
    request,
    baseURL ?? '',
    `panne-${Date.now()}@boutique.test`,
    'basic',
  );
  await page.goto(`/onboarding?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
  const email = `reseau-${Date.now()}@boutique.test`;
  const typed = {
    Prénom: 'Jeanne',
    Nom: 'Martin',
    Email: email,
    'Mot de passe': 'Boutique2026!',
    'Confirmation du mot de passe': 'Boutique2026!',
    'Entreprise (facultatif)': 'Boutique Martin',
  };
  for (const [label, value] of Object.entries(typed)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByText("J'accepte les conditions d'utilisation").click();

  let attempts = 0;
  await page.route('**/api/onboarding/register/finalize', (route) => {
    attempts += 1;
    return route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(attempts).toBe(1);
  await expect(page).toHaveURL(/\/onboarding\?session_id=/);
  for (const [label, value] of Object.entries(typed)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await page.unrouteAll({ behavior: 'wait' });

  // The network is back: the same form creates the account.
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/**
 * The landing's app running: a first gesture loads it (before, 'Choisir ce plan' is a form the
 * server answers, which these journeys are not about: prerender.spec.ts is).
 */
async function landingLive(page: Page): Promise<void> {
  await page.mouse.move(10, 10);
  await expect.poll(() => page.evaluate(() => 'portalEarlyClicks' in window)).toBe(false);
}

test("a double click on 'Choisir ce plan' creates one checkout session", async ({ page }) => {
  let created = 0;
  await page.route('**/api/stripe/checkout-sessions', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    created += 1;
    // A slow answer leaves time for the second click to count, if it could.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return route.continue();
  });
  await page.goto('/');
  await landingLive(page);
  const basic = page.getByRole('article', { name: 'Basic' });
  await basic.getByRole('button', { name: 'Choisir ce plan' }).dblclick();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  expect(created).toBe(1);
});

test.describe('a tampered checkout answer is never followed', () => {
  for (const url of [
    'javascript:alert(1)',
    'https://checkout.stripe.com.evil.example/',
    '//evil.example',
  ]) {
    test(`data.url ${url}`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL ?? '').origin;
      await page.route('**/api/stripe/checkout-sessions', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 200, json: { data: { id: 'cs_falsifie', url } } })
          : route.fallback(),
      );
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const outside: string[] = [];
      page.on('request', (sent) => {
        if (sent.isNavigationRequest() && !sent.url().startsWith(origin)) outside.push(sent.url());
      });
      await page.goto('/');
      await landingLive(page);
      await page
        .getByRole('article', { name: 'Basic' })
        .getByRole('button', { name: 'Choisir ce plan' })
        .click();
      await expect(page.getByText(checkoutError)).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(outside).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  }
});
