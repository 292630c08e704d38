import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, selectIsAuthenticated } from '@portal/core';
import { renderPage } from '../testing/render.tsx';
import { Shell } from './Shell.tsx';
import { UserMenu } from './UserMenu.tsx';

function renderShell(path = '/dashboard') {
  return renderPage(
    <Shell>
      <p>contenu</p>
    </Shell>,
    path,
    { signedIn: true },
  );
}

describe('application shell', () => {
  test('the page title from the titles map, and the content', () => {
    renderShell();
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.getByText('contenu')).toBeTruthy();
  });

  test("'SaaS App' for a route without a title", () => {
    renderShell('/payment/success');
    expect(screen.getByRole('heading', { level: 1, name: 'SaaS App' })).toBeTruthy();
  });

  test("only 'Tableau de bord' navigates; the others warn 'Fonctionnalité en développement'", async () => {
    const user = userEvent.setup();
    const { services } = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    for (const label of ['Utilisateurs', 'Projets', 'Analytics', 'Paramètres']) {
      expect(within(nav).queryByRole('link', { name: label })).toBeNull();
      services.notifications.send({ type: 'notification.dismiss' });
      await user.click(within(nav).getByRole('button', { name: label }));
      expect(services.notifications.getSnapshot().context.current).toEqual({
        type: 'warning',
        message: messages.shell.inDevelopment,
      });
    }
  });

  test('the header button collapses and expands the sidebar', async () => {
    const user = userEvent.setup();
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Navigation principale' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Collapsed to a rail: the entries keep their names.
    expect(screen.getByRole('button', { name: 'Projets' })).toBeTruthy();
  });

  test('under 900 px: an overlay that takes focus; Escape closes it and returns focus', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      const user = userEvent.setup();
      renderShell();
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
      const toggle = screen.getByRole('button', { name: 'Navigation principale' });
      await user.click(toggle);
      const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
      expect(nav.contains(document.activeElement)).toBe(true);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
      expect(document.activeElement).toBe(toggle);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  test('the user menu is not in the header', () => {
    renderShell();
    expect(screen.queryByRole('button', { name: 'Menu utilisateur' })).toBeNull();
  });
});

describe('UserMenu', () => {
  test('the initials, and logout from its menu', async () => {
    const user = userEvent.setup();
    const { services } = renderPage(<UserMenu />, '/', { signedIn: true });
    await waitFor(() => expect(screen.getByText('MC')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(selectIsAuthenticated(services.auth.getSnapshot())).toBe(false));
  });

  test("'?' without a user", () => {
    renderPage(<UserMenu />);
    expect(screen.getByText('?')).toBeTruthy();
  });
});
