import type { StorageLike } from './tokenStore.ts';

/** The storage key of the visitor's display preferences (docs/product.md#storage-keys). */
export const preferencesKey = 'user_preferences';

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
/** Only the languages the portal is written in: a page announced in another would be misread. */
export const languages = ['fr'] as const;
export type Language = (typeof languages)[number];

export interface UserPreferences {
  theme: Theme;
  language: Language;
  notifications: boolean;
}

/** docs/product.md#storage-keys: theme light, language fr, notifications on. */
export const defaultPreferences: Readonly<UserPreferences> = Object.freeze({
  theme: 'light',
  language: 'fr',
  notifications: true,
});

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);

/** Each field of `fields` when allowed, else the one of `fallback`. */
function preferencesFrom(fields: unknown, fallback: UserPreferences): UserPreferences {
  const given =
    fields !== null && typeof fields === 'object' && !Array.isArray(fields)
      ? (fields as Record<string, unknown>)
      : {};
  return {
    theme: oneOf(themes, given.theme) ? given.theme : fallback.theme,
    language: oneOf(languages, given.language) ? given.language : fallback.language,
    notifications:
      typeof given.notifications === 'boolean' ? given.notifications : fallback.notifications,
  };
}

/**
 * The preferences a stored text holds, field by field: whatever is missing, unreadable or not
 * allowed (another version, a hand edit, a broken write) falls back to its default, and the
 * valid fields next to it survive.
 */
export function parsePreferences(text: string | null): UserPreferences {
  let stored: unknown;
  try {
    stored = text === null ? undefined : JSON.parse(text);
  } catch {
    stored = undefined;
  }
  return preferencesFrom(stored, defaultPreferences);
}

export type PreferencesListener = (preferences: UserPreferences) => void;

export interface PreferencesStore {
  get(): UserPreferences;
  /**
   * Changes some preferences (a value not allowed leaves its field as it was), stores them all
   * and tells the subscribers; returns the result.
   */
  update(changes: Partial<UserPreferences>): UserPreferences;
  /** Returns the unsubscribe function. */
  subscribe(listener: PreferencesListener): () => void;
  /**
   * Another page changed `key` (null: the whole storage was cleared), e.g. from the browser's
   * `storage` event: the preferences are read again and the subscribers told.
   */
  externalChange(key: string | null): void;
}

/**
 * The preferences over Web Storage, read once at creation and kept under `user_preferences` from
 * then on (a missing or damaged entry is written back in full). Storage that throws (private
 * mode, quota) leaves the preferences in memory only.
 */
export function createPreferencesStore(storage: StorageLike): PreferencesStore {
  const listeners = new Set<PreferencesListener>();
  const read = (): string | null => {
    try {
      return storage.getItem(preferencesKey);
    } catch {
      return null;
    }
  };
  const write = (preferences: UserPreferences): void => {
    try {
      storage.setItem(preferencesKey, JSON.stringify(preferences));
    } catch {
      // Not persisted: the page keeps them until it closes.
    }
  };
  const notify = (): void => {
    for (const listener of [...listeners]) listener(current);
  };

  const text = read();
  let current = parsePreferences(text);
  if (text !== JSON.stringify(current)) write(current);

  return {
    get: () => current,
    update(changes) {
      current = preferencesFrom({ ...current, ...changes }, current);
      write(current);
      notify();
      return current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    externalChange(key) {
      if (key !== null && key !== preferencesKey) return;
      current = parsePreferences(read());
      notify();
    },
  };
}

/** What the document shows of the preferences: its language and its colour scheme. */
export function documentAppearance(preferences: UserPreferences): {
  lang: Language;
  colorScheme: Theme;
} {
  return { lang: preferences.language, colorScheme: preferences.theme };
}
