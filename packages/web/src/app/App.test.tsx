import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { documentTitle, heroMachine, selectHeroStatistics, selectHeroWord } from '@portal/core';
import pageTemplate from '../../index.html?raw';
import { renderApp } from '../testing/render.tsx';

describe('routes and guards', () => {
  test('an unknown path redirects to /', async () => {
    const { location } = renderApp('/nulle-part');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Le thème conçu pour/ }),
    ).toBeTruthy();
  });

  test('/dashboard sends a visitor to /login', async () => {
    const { location } = renderApp('/dashboard');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  test('/auth/login leads to /login', async () => {
    const { location } = renderApp('/auth/login');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
  });

  test('guest-only /login sends an authenticated user to /dashboard', async () => {
    const { location } = renderApp('/login', { signedIn: true });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
  });

  test('each page sets the document title', async () => {
    renderApp('/signup');
    await waitFor(() => expect(document.title).toBe('Inscription · Theme Portal'));
  });

  test("until a page sets its title, the page's template shows the brand", () => {
    expect(pageTemplate).toContain(`<title>${documentTitle(null)}</title>`);
  });

  test('a held notification shows in the live region and can be dismissed', async () => {
    const { services } = renderApp('/terms');
    services.notify({ type: 'warning', message: 'Fonctionnalité en développement' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect((await screen.findByRole('status', { name: '' })).textContent).toContain(
      'Fonctionnalité en développement',
    );
    screen.getByRole('button', { name: 'Fermer' }).click();
    await waitFor(() => expect(region.textContent).toBe(''));
  });
});

describe('the application shell', () => {
  test('frames the dashboard of a signed-in customer', async () => {
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
  });

  test.each(['/terms', '/privacy', '/payment/cancel', '/onboarding', '/contact'])(
    'never frames the public page %s, even for a signed-in customer',
    async (path) => {
      renderApp(path, { signedIn: true });
      await screen.findByRole('main');
      expect(screen.queryByRole('heading', { name: 'SaaS App' })).toBeNull();
      expect(screen.queryByRole('complementary', { name: /menu|navigation/i })).toBeNull();
      expect(document.querySelector('.shell')).toBeNull();
    },
  );
});

describe('landing hero', () => {
  // The next test files share this document (vitest.config.ts).
  const { matchMedia } = window;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  test('with reduced motion the first word and the final figures show at once', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    renderApp('/');
    const still = createActor(heroMachine, { input: { reducedMotion: true } }).getSnapshot();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain(selectHeroWord(still));
    for (const stat of selectHeroStatistics(still)) {
      expect(screen.getByText(stat.text)).toBeTruthy();
    }
    expect(selectHeroStatistics(still).map((stat) => stat.value)).toEqual([4.9, 20, 98]);
  });
});
