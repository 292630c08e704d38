import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, messages, type PortalRequest } from '@portal/core';
import { noSubscription, renderDashboard } from '../testing.tsx';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

describe('Mon abonnement', () => {
  test('the current plan, the plan grid with the current card marked', async () => {
    renderDashboard(<SubscriptionPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeTruthy();
    const summary = await screen.findByRole('heading', { level: 3, name: 'Scale' });
    expect(summary).toBeTruthy();
    expect(screen.getByText(messages.profile.active)).toBeTruthy();
    // The built-in plans are shown until the API answers (the test pricing machine answers none).
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
    renderDashboard(<SubscriptionPanel />);
    await user.click(screen.getByRole('switch', { name: 'Facturation annuelle' }));
    expect(
      within(screen.getByRole('article', { name: 'Scale' })).getByText('407,89 €'),
    ).toBeTruthy();
  });

  test("'Gérer mon abonnement' opens the provider's portal with the return address", async () => {
    const user = userEvent.setup();
    const requests: PortalRequest[] = [];
    const redirects: string[] = [];
    renderDashboard(<SubscriptionPanel />, {
      fakes: {
        openCustomerPortal: async (request) => {
          requests.push(request);
          return 'http://portal.test/sandbox/portal/ps_1';
        },
        redirect: (url) => redirects.push(url),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    await screen.findByRole('button', { name: /Redirection/ });
    expect(redirects).toEqual(['http://portal.test/sandbox/portal/ps_1']);
    expect(requests[0]?.returnUrl).toBe(`${window.location.origin}/dashboard?tab=subscription`);
  });

  test('a refused portal shows the access error', async () => {
    const user = userEvent.setup();
    renderDashboard(<SubscriptionPanel />, {
      fakes: {
        openCustomerPortal: async () => {
          throw new ApiError({ kind: 'http', status: 404 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    expect(await screen.findByText(messages.subscription.portalAccessError)).toBeTruthy();
  });

  test('without a subscription: Inactif, Aucun abonnement and what to do next', async () => {
    renderDashboard(<SubscriptionPanel />, {
      fakes: { fetchCurrentSubscription: async () => noSubscription },
    });
    expect(await screen.findByText(messages.profile.inactive)).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: messages.profile.noSubscription }),
    ).toBeTruthy();
    expect(screen.getByText(/Choisissez une formule ci-dessous/)).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement des abonnements.'", async () => {
    renderDashboard(<SubscriptionPanel />, {
      fakes: {
        fetchCurrentSubscription: async () => {
          throw new ApiError({ kind: 'http', status: 500 });
        },
      },
    });
    expect(await screen.findByText(messages.subscription.loadError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
