import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface Customer {
  email: string;
  password: string;
  firstName: string;
}

let counter = 0;

/** Licence domains are unique across all customers: each journey makes its own. */
export function uniqueDomain(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}`;
}

/** A checkout session paid in the sandbox by `email`, its onboarding not done yet: its id. */
export async function paidCheckoutSession(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  plan: 'basic' | 'scale' | 'business' = 'scale',
  billingCycle: 'monthly' | 'yearly' = 'monthly',
): Promise<string> {
  const session = await request.post('/api/stripe/checkout-sessions', {
    data: {
      plan_id: plan,
      billingCycle,
      successUrl: `${baseURL}/onboarding?session_id=%7BCHECKOUT_SESSION_ID%7D`,
      cancelUrl: `${baseURL}/payment/cancel`,
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const sessionId: string = (await session.json()).data.id;
  const paid = await request.post(`/sandbox/checkout/${sessionId}/pay`, {
    form: { email, card: '4242 4242 4242 4242' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  return sessionId;
}

/**
 * A fresh customer with an active subscription, made through the API exactly as a buyer is:
 * checkout session, payment in the sandbox, onboarding invite, account creation. Each journey
 * gets its own, so no journey depends on another's data.
 */
export async function createPaidCustomer(
  request: APIRequestContext,
  baseURL: string,
  plan: 'basic' | 'scale' | 'business' = 'scale',
  billingCycle: 'monthly' | 'yearly' = 'monthly',
): Promise<Customer> {
  counter += 1;
  const email = `tableau-${Date.now()}-${counter}@boutique.test`;
  const password = 'Boutique2026!';
  const sessionId = await paidCheckoutSession(request, baseURL, email, plan, billingCycle);
  const started = await request.post('/api/onboarding/register/start', {
    data: { session_id: sessionId },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const invite: string = (await started.json()).data.invite_token;
  const created = await request.post('/api/onboarding/register/finalize', {
    headers: { Authorization: `Bearer ${invite}` },
    data: { email, password, first_name: 'Camille', last_name: 'Durand' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email, password, firstName: 'Camille' };
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeVisible();
}

/** Fills and sends the licence modal (create or edit). */
export async function submitLicence(page: Page, custom: string, shop: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Domaine personnalisé').fill(custom);
  await dialog.getByLabel('Domaine Shopify').fill(shop);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
}

export async function addLicence(page: Page, custom: string, shop: string): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter une licence' }).click();
  await submitLicence(page, custom, shop);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('article', { name: custom })).toBeVisible();
}

export function usageFigure(page: Page, label: 'Utilisées' | 'Limite' | 'Restantes') {
  // The one on screen: until the app shows its own data, the served frame shows the card and the
  // app's copy waits in its hidden root.
  return page
    .locator('.usage-card__figures div')
    .filter({ hasText: label, visible: true })
    .locator('dd');
}
