import {
  createPreferencesStore,
  documentAppearance,
  type PreferencesStore,
  type UserPreferences,
} from '@portal/core';

/**
 * Shows the preferences on the document: its language, and its colour scheme for the browser's
 * own controls (`color-scheme`) and the stylesheets (`data-theme`).
 */
export function applyPreferences(
  preferences: UserPreferences,
  root: HTMLElement = document.documentElement,
): void {
  const { lang, colorScheme } = documentAppearance(preferences);
  root.lang = lang;
  root.style.colorScheme = colorScheme;
  root.dataset.theme = colorScheme;
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
