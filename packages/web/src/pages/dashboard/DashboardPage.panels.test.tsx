import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render.tsx';
import { isPanelLoaded } from './dashboardTabs.ts';

// A file of its own: a panel's code, once fetched, stays for the other tests of a file.
describe("a tab change whose panel's code is on its way", () => {
  test('the current panel stays, with no fallback, until the new one comes', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Gestion des licences' });
    const tabs = await screen.findByRole('navigation', { name: 'Onglets du tableau de bord' });
    expect(isPanelLoaded('themes')).toBe(false);

    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      // The page's fallback, not a panel's own loading state.
      const fallback = screen.queryByRole('progressbar', { name: 'Chargement…' });
      shown.push(
        fallback === null
          ? (document.getElementById('panel-title')?.textContent ?? '')
          : 'fallback',
      );
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await user.click(within(tabs).getByRole('link', { name: 'Thème' }));
    // The link already says where the visitor is going.
    expect(within(tabs).getByRole('link', { name: 'Thème' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screen.findByRole('heading', { level: 2, name: 'Thèmes disponibles' });
    observer.disconnect();

    expect(shown).not.toContain('fallback');
    expect(shown).toContain('Gestion des licences');
    expect(shown.at(-1)).toBe('Thèmes disponibles');
  });
});
