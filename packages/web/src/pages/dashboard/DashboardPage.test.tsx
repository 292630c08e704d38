import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectIsAuthenticated } from '@portal/core';
import { renderApp, type TestOptions } from '../../testing/render.tsx';
import { sampleUser } from '../../testing/sampleData.ts';

const desktopWidth = window.innerWidth;
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

/** The dashboard as a signed-in customer reaches it: in the app's shell, at `path`. */
async function renderDashboard(path = '/dashboard', options: TestOptions = {}) {
  const view = renderApp(path, { signedIn: true, ...options });
  await screen.findByRole('heading', { level: 2 });
  return view;
}

const tabsNav = () => screen.queryByRole('navigation', { name: 'Onglets du tableau de bord' });
const toggleButton = () => screen.getByRole('button', { name: 'Navigation principale' });

describe('dashboard tabs and sidebar', () => {
  afterEach(() => setWidth(desktopWidth));

  test('licences by default; each sidebar tab puts its name in the URL', async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { location } = await renderDashboard();
    expect(screen.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeTruthy();
    // The shell places the page's navigation at a transition's priority (docs/performance.md,
    // 'The dashboard's long tasks'): it comes in a later render.
    const tabs = await screen.findByRole('navigation', { name: 'Onglets du tableau de bord' });
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
    // Straight to the plan grid (the panel focuses it).
    expect(location.history.at(-1)).toBe('/dashboard?tab=subscription&section=formules');
  });

  test('the URL chooses the tab; an unknown one falls back to licences', async () => {
    const { unmount } = await renderDashboard('/dashboard?tab=profil');
    expect(screen.getByRole('heading', { level: 2, name: 'Mon profil' })).toBeTruthy();
    unmount();
    await renderDashboard('/dashboard?tab=inconnu');
    expect(screen.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeTruthy();
  });

  test("the user's initial, first name and email; the menu opens Profil and logs out", async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { services, location } = await renderDashboard();
    expect(await screen.findByText(sampleUser.email)).toBeTruthy();
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
    const { services } = await renderDashboard();
    await waitFor(() => expect(screen.getByText('Marie')).toBeTruthy());
    services.auth.send({
      type: 'user.updated',
      user: { _id: 'c1', email: 'x@y.fr', first_name: '', last_name: '', shop_domain: 's' },
    });
    const name = await screen.findByText('Utilisateur');
    // The shell's own entries have letters too ('U' for Utilisateurs): read the user block.
    const userBlock = name.closest('.dash-nav__user') as HTMLElement;
    expect(within(userBlock).getByText('U')).toBeTruthy();
  });

  test('desktop: collapsing is remembered under sidebar-state', async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { unmount } = await renderDashboard('/dashboard', { storage: localStorage });
    await user.click(toggleButton());
    expect(localStorage.getItem('sidebar-state')).toBe('false');
    expect(tabsNav()).toBeNull();
    unmount();
    await renderDashboard('/dashboard', { storage: localStorage });
    const toggle = toggleButton();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(localStorage.getItem('sidebar-state')).toBe('true');
  });

  test('under 900 px: an overlay, closed at first, not remembered, closed by Escape', async () => {
    setWidth(390);
    localStorage.setItem('sidebar-state', 'true');
    const user = userEvent.setup();
    await renderDashboard('/dashboard', { storage: localStorage });
    expect(tabsNav()).toBeNull();
    await user.click(toggleButton());
    expect(tabsNav()).toBeTruthy();
    expect(document.querySelector('.shell')?.hasAttribute('data-mobile')).toBe(true);
    expect(localStorage.getItem('sidebar-state')).toBe('true');
    // Focus moved into the overlay, on the current tab; Escape closes it and focus goes back to
    // its button.
    expect(document.activeElement?.textContent).toBe('Licences');
    await user.keyboard('{Escape}');
    expect(tabsNav()).toBeNull();
    expect(document.activeElement).toBe(toggleButton());
    await user.click(toggleButton());
    // Choosing a tab closes the overlay.
    await user.click(
      within(
        await screen.findByRole('navigation', { name: 'Onglets du tableau de bord' }),
      ).getByRole('link', {
        name: 'Thème',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Thèmes disponibles' }),
    ).toBeTruthy();
    expect(tabsNav()).toBeNull();
  });
});

describe('one frame (the shell and the dashboard)', () => {
  afterEach(() => setWidth(desktopWidth));

  test('one menu toggle and one user block on /dashboard', async () => {
    setWidth(1280);
    await renderDashboard();
    const toggles = screen
      .getAllByRole('button')
      .filter(
        (button) => button.hasAttribute('aria-expanded') && button.hasAttribute('aria-controls'),
      );
    expect(toggles).toEqual([toggleButton()]);
    expect(screen.getAllByRole('button', { name: 'Menu utilisateur' })).toHaveLength(1);
    expect(screen.getAllByText(sampleUser.email)).toHaveLength(1);
  });

  test('at mobile width one overlay holds both navigations and the user block', async () => {
    setWidth(390);
    const user = userEvent.setup();
    await renderDashboard();
    await user.click(toggleButton());
    const overlay = screen.getByRole('complementary', { name: 'Barre latérale' });
    expect(within(overlay).getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
    expect(
      await within(overlay).findByRole('navigation', { name: 'Onglets du tableau de bord' }),
    ).toBeTruthy();
    expect(within(overlay).getByRole('button', { name: 'Menu utilisateur' })).toBeTruthy();
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
    expect(screen.getAllByRole('navigation', { name: 'Onglets du tableau de bord' })).toHaveLength(
      1,
    );
  });
});
