import {
  createPreferencesStore,
  documentAppearance,
  type PreferencesStore,
  type UserPreferences,
} from '@portal/core';

/**
 * The document's attributes for these preferences: its language, and its colour scheme for the
 * browser's own controls (`color-scheme`) and the stylesheets (`data-theme`). A prerendered page
 * carries those of the defaults (scripts/prerender.mjs).
 */
export function appearanceAttributes(preferences: UserPreferences): Record<string, string> {
  const { lang, colorScheme } = documentAppearance(preferences);
  return { lang, style: `color-scheme: ${colorScheme};`, 'data-theme': colorScheme };
}

/**
 * Shows the preferences on the document, touching only the attributes that change: a change on
 * the root element restyles the whole page, 120 ms at 4x on the landing as the app starts
 * (docs/performance.md, 'Taps during hydration').
 */
export function applyPreferences(
  preferences: UserPreferences,
  root: HTMLElement = document.documentElement,
): void {
  const { lang, colorScheme } = documentAppearance(preferences);
  if (root.lang !== lang) root.lang = lang;
  // One property, not the whole `style` attribute: a modal's scroll lock sets others there.
  if (root.style.colorScheme !== colorScheme) root.style.colorScheme = colorScheme;
  if (root.dataset.theme !== colorScheme) root.dataset.theme = colorScheme;
}

/**
 * Reads `user_preferences` at start and keeps the document in step with it, whether this tab or
 * another one changes it.
 */
export function startPreferences(storage: Storage = window.localStorage): PreferencesStore {
  const store = createPreferencesStore(storage);
  applyPreferences(store.get());
  store.subscribe((preferences) => applyPreferences(preferences));
  window.addEventListener('storage', (event) => store.externalChange(event.key));
  return store;
}
