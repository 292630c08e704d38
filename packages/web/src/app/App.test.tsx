import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { heroMachine, selectHeroStatistics, selectHeroWord } from '@portal/core';
import { createTestServices, renderApp } from '../test/services.tsx';

describe('routes and guards', () => {
  test('an unknown path redirects to /', async () => {
    const { services } = createTestServices();
    const { location } = renderApp('/nulle-part', services);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Le thème qui fait/ }),
    ).toBeTruthy();
  });

  test('/dashboard sends a visitor to /login', async () => {
    const { services } = createTestServices();
    const { location } = renderApp('/dashboard', services);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  test('/auth/login leads to /login', async () => {
    const { services } = createTestServices();
    const { location } = renderApp('/auth/login', services);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
  });

  test('guest-only /login sends an authenticated user to /dashboard', async () => {
    const { services } = createTestServices({ authenticated: true });
    const { location } = renderApp('/login', services);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
  });

  test('each page sets the document title', async () => {
    const { services } = createTestServices();
    renderApp('/signup', services);
    await waitFor(() => expect(document.title).toBe('Inscription'));
  });

  test('a held notification shows in the live region and can be dismissed', async () => {
    const { services } = createTestServices();
    renderApp('/terms', services);
    services.notify({ type: 'warning', message: 'Fonctionnalité en développement' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect((await screen.findByRole('status', { name: '' })).textContent).toContain(
      'Fonctionnalité en développement',
    );
    screen.getByRole('button', { name: 'Fermer' }).click();
    await waitFor(() => expect(region.textContent).toBe(''));
  });
});

describe('landing hero', () => {
  test('with reduced motion the first word and the final figures show at once', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    const { services } = createTestServices();
    renderApp('/', services);
    const still = createActor(heroMachine, { input: { reducedMotion: true } }).getSnapshot();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain(selectHeroWord(still));
    for (const stat of selectHeroStatistics(still)) {
      expect(screen.getByText(stat.text)).toBeTruthy();
    }
    expect(selectHeroStatistics(still).map((stat) => stat.value)).toEqual([4.9, 20, 98]);
  });
});
