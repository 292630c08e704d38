import { afterEach, describe, expect, test } from 'vitest';
import { defaultPreferences, preferencesKey } from '@portal/core';
import { appearanceAttributes, startPreferences } from './preferences.ts';

const root = document.documentElement;

afterEach(() => {
  window.localStorage.clear();
  root.removeAttribute('lang');
  root.removeAttribute('style');
  root.removeAttribute('data-theme');
});

describe('user preferences on the document', () => {
  test('a first visit stores the defaults and shows a French page in the light scheme', () => {
    startPreferences();
    expect(JSON.parse(window.localStorage.getItem(preferencesKey) ?? 'null')).toEqual({
      theme: 'light',
      language: 'fr',
      notifications: true,
    });
    expect(root.lang).toBe('fr');
    expect(root.style.colorScheme).toBe('light');
    expect(root.dataset.theme).toBe('light');
  });

  test("a page that carries the preferences' attributes is not touched", () => {
    for (const [name, value] of Object.entries(appearanceAttributes(defaultPreferences))) {
      root.setAttribute(name, value);
    }
    const changes = new MutationObserver(() => undefined);
    changes.observe(root, { attributes: true });
    startPreferences();
    expect(changes.takeRecords()).toEqual([]);
    expect(root.style.colorScheme).toBe('light');
  });

  test("a change keeps the root's other inline styles (a modal's scroll lock)", () => {
    const store = startPreferences();
    root.style.overflow = 'hidden';
    store.update({ theme: 'dark' });
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.overflow).toBe('hidden');
  });

  test('stored preferences are read at start and changes follow', () => {
    window.localStorage.setItem(
      preferencesKey,
      JSON.stringify({ theme: 'dark', language: 'fr', notifications: false }),
    );
    const store = startPreferences();
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    store.update({ theme: 'light' });
    expect(root.dataset.theme).toBe('light');
  });
});
