import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectIsAuthenticated } from '@portal/core';
import DashboardPage from './DashboardPage.tsx';
import { renderDashboard } from './testing.tsx';

const desktopWidth = window.innerWidth;
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

describe('dashboard tabs and sidebar', () => {
  afterEach(() => setWidth(desktopWidth));

  test('licences by default; each sidebar tab puts its name in the URL', async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { location } = renderDashboard(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Onglets du tableau de bord' });
    expect(within(tabs).getByRole('link', { name: 'Licences' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await user.click(within(tabs).getByRole('link', { name: 'Thème' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Thèmes disponibles' }),
    ).toBeTruthy();
    expect(location.history.at(-1)).toBe('/dashboard?tab=themes');
    await user.click(within(tabs).getByRole('link', { name: 'TrendTrack' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'TrendTrack' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Upgrade Plan' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/dashboard?tab=subscription');
  });

  test('the URL chooses the tab; an unknown one falls back to licences', () => {
    const { unmount } = renderDashboard(<DashboardPage />, { path: '/dashboard?tab=profil' });
    expect(screen.getByRole('heading', { level: 2, name: 'Mon profil' })).toBeTruthy();
    unmount();
    renderDashboard(<DashboardPage />, { path: '/dashboard?tab=inconnu' });
    expect(screen.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeTruthy();
  });

  test("the user's initial, first name and email; the menu opens Profil and logs out", async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { services, location } = renderDashboard(<DashboardPage />);
    expect(await screen.findByText('demo@theme-portal.test')).toBeTruthy();
    expect(screen.getByText('Marie')).toBeTruthy();
    expect(screen.getByText('M')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profil' }));
    expect(location.history.at(-1)).toBe('/dashboard?tab=profil');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mon profil' })).toBeTruthy();

    // A click outside closes the menu.
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('heading', { level: 2, name: 'Mon profil' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(selectIsAuthenticated(services.auth.getSnapshot())).toBe(false));
  });

  test("without a first name the sidebar says 'Utilisateur'", async () => {
    const { services } = renderDashboard(<DashboardPage />);
    await waitFor(() => expect(screen.getByText('Marie')).toBeTruthy());
    services.auth.send({
      type: 'user.updated',
      user: { _id: 'c1', email: 'x@y.fr', first_name: '', last_name: '', shop_domain: 's' },
    });
    expect(await screen.findByText('Utilisateur')).toBeTruthy();
    expect(screen.getByText('U')).toBeTruthy();
  });

  test('desktop: collapsing is remembered under sidebar-state', async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { unmount } = renderDashboard(<DashboardPage />);
    await user.click(screen.getByRole('button', { name: 'Masquer le menu' }));
    expect(localStorage.getItem('sidebar-state')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Onglets du tableau de bord' })).toBeNull();
    unmount();
    renderDashboard(<DashboardPage />);
    const toggle = screen.getByRole('button', { name: 'Afficher le menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(localStorage.getItem('sidebar-state')).toBe('true');
  });

  test('under 900 px: an overlay, closed at first, not remembered, closed by Escape', async () => {
    setWidth(390);
    localStorage.setItem('sidebar-state', 'true');
    const user = userEvent.setup();
    renderDashboard(<DashboardPage />);
    expect(screen.queryByRole('navigation', { name: 'Onglets du tableau de bord' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Afficher le menu' }));
    expect(screen.getByRole('navigation', { name: 'Onglets du tableau de bord' })).toBeTruthy();
    expect(document.getElementById('dashboard-sidebar')?.hasAttribute('data-overlay')).toBe(true);
    expect(localStorage.getItem('sidebar-state')).toBe('true');
    // Focus moved into the overlay; Escape closes it and focus goes back to its button.
    expect(document.activeElement?.textContent).toBe('Licences');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Onglets du tableau de bord' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Afficher le menu' }));
    await user.click(screen.getByRole('button', { name: 'Afficher le menu' }));
    // Choosing a tab closes the overlay.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Onglets du tableau de bord' })).getByRole(
        'link',
        {
          name: 'Thème',
        },
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Thèmes disponibles' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Onglets du tableau de bord' })).toBeNull();
  });
});
