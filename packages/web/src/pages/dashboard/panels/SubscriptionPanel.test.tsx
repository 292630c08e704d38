import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type PortalRequest } from '@portal/core';
import { renderPage, testOrigin, type TestOptions } from '../../../testing/render.tsx';
import { json, refuse } from '../../../testing/sampleBackend.ts';
import { noSubscription } from '../../../testing/sampleData.ts';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

const currentCall = 'GET /api/client/subscription/current';
const portalCall = 'POST /api/stripe/customer-portal';

function renderSubscription(options: TestOptions = {}) {
  return renderPage(<SubscriptionPanel />, '/dashboard?tab=subscription', {
    signedIn: true,
    ...options,
  });
}

describe('Mon abonnement', () => {
  test('the current plan, the plan grid with the current card marked', async () => {
    renderSubscription();
    expect(screen.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeTruthy();
    const summary = await screen.findByRole('heading', { level: 3, name: 'Scale' });
    expect(summary).toBeTruthy();
    expect(screen.getByText(messages.profile.active)).toBeTruthy();
    // The built-in plans are shown until the API answers (the sample backend answers the same).
    const scale = screen.getByRole('article', { name: 'Scale' });
    expect(within(scale).getByRole('button', { name: 'Formule actuelle' })).toHaveProperty(
      'disabled',
      true,
    );
    const basic = screen.getByRole('article', { name: 'Basic' });
    expect(within(basic).getByText('19,99 €')).toBeTruthy();
    expect(within(basic).getByRole('button', { name: 'Choisir ce plan' })).toBeTruthy();
  });

  test('the yearly switch changes the displayed prices', async () => {
    const user = userEvent.setup();
    renderSubscription();
    await user.click(screen.getByRole('switch', { name: 'Facturation annuelle' }));
    expect(
      within(screen.getByRole('article', { name: 'Scale' })).getByText('407,89 €'),
    ).toBeTruthy();
  });

  test("'Gérer mon abonnement' opens the provider's portal with the return address", async () => {
    const user = userEvent.setup();
    const requests: PortalRequest[] = [];
    const { redirected } = renderSubscription({
      answers: {
        [portalCall]: ({ body }) => {
          requests.push(body as PortalRequest);
          return json({ data: { url: `${testOrigin}/sandbox/portal/ps_1` } });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    await screen.findByRole('button', { name: /Redirection/ });
    expect(redirected).toEqual(['http://portal.test/sandbox/portal/ps_1']);
    expect(requests[0]?.returnUrl).toBe(`${window.location.origin}/dashboard?tab=subscription`);
  });

  test('a portal URL outside the allowed origins is not followed', async () => {
    const user = userEvent.setup();
    const { redirected } = renderSubscription({
      answers: {
        [portalCall]: () => json({ data: { url: 'https://portal.test.evil.example/session' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    expect(await screen.findByText(messages.subscription.portalRedirectError)).toBeTruthy();
    expect(redirected).toEqual([]);
  });

  test('a refused portal shows the access error', async () => {
    const user = userEvent.setup();
    renderSubscription({ answers: { [portalCall]: refuse(404) } });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    expect(await screen.findByText(messages.subscription.portalAccessError)).toBeTruthy();
  });

  test('without a subscription: Inactif, Aucun abonnement and what to do next', async () => {
    renderSubscription({ answers: { [currentCall]: () => json(noSubscription) } });
    expect(await screen.findByText(messages.profile.inactive)).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: messages.profile.noSubscription }),
    ).toBeTruthy();
    expect(screen.getByText(/Choisissez une formule ci-dessous/)).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement des abonnements.'", async () => {
    renderSubscription({ answers: { [currentCall]: refuse(500) } });
    expect(await screen.findByText(messages.subscription.loadError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
