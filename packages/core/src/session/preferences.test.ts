import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  createPreferencesStore,
  defaultPreferences,
  documentAppearance,
  parsePreferences,
  preferencesKey,
  type UserPreferences,
} from './preferences.ts';
import { mapStorage, throwingStorage } from './testing.ts';

const stored = (values: Map<string, string>) =>
  JSON.parse(values.get(preferencesKey) ?? 'null') as unknown;

describe('user preferences (docs/product.md#storage-keys: user_preferences)', () => {
  it('defaults to theme light, language fr, notifications on', () => {
    expect(preferencesKey).toBe('user_preferences');
    expect(defaultPreferences).toEqual({ theme: 'light', language: 'fr', notifications: true });
    expect(parsePreferences(null)).toEqual(defaultPreferences);
  });

  it('is kept in storage from the first start', () => {
    const { values, storage } = mapStorage();
    const store = createPreferencesStore(storage);
    expect(store.get()).toEqual(defaultPreferences);
    expect(stored(values)).toEqual({ theme: 'light', language: 'fr', notifications: true });
  });

  it('reads what an earlier visit stored', () => {
    const { values, storage } = mapStorage({
      [preferencesKey]: JSON.stringify({ theme: 'dark', language: 'fr', notifications: false }),
    });
    const setItem = vi.spyOn(storage, 'setItem');
    const store = createPreferencesStore(storage);
    expect(store.get()).toEqual({ theme: 'dark', language: 'fr', notifications: false });
    // Nothing to repair: nothing written.
    expect(setItem).not.toHaveBeenCalled();
    expect(stored(values)).toEqual({ theme: 'dark', language: 'fr', notifications: false });
  });

  it.each([
    ['not JSON', '{theme: dark'],
    ['a string', '"dark"'],
    ['an array', '["dark"]'],
    ['null', 'null'],
    ['a number', '42'],
    ['unknown values', '{"theme":"violet","language":"xx","notifications":"oui"}'],
  ])('survives %s: the defaults, written back', (_, text) => {
    const { values, storage } = mapStorage({ [preferencesKey]: text });
    expect(createPreferencesStore(storage).get()).toEqual(defaultPreferences);
    expect(stored(values)).toEqual(defaultPreferences);
  });

  it('keeps the valid fields next to damaged ones', () => {
    expect(parsePreferences('{"theme":"dark","language":42,"extra":true}')).toEqual({
      theme: 'dark',
      language: 'fr',
      notifications: true,
    });
    expect(parsePreferences('{"notifications":false}')).toEqual({
      theme: 'light',
      language: 'fr',
      notifications: false,
    });
  });

  it('always gives allowed preferences, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (text) => {
        const preferences = parsePreferences(text);
        expect(['light', 'dark']).toContain(preferences.theme);
        expect(preferences.language).toBe('fr');
        expect(typeof preferences.notifications).toBe('boolean');
      }),
    );
  });

  it('stores a change, tells the subscribers, and ignores a value not allowed', () => {
    const { values, storage } = mapStorage();
    const store = createPreferencesStore(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.update({ theme: 'dark' })).toEqual({
      theme: 'dark',
      language: 'fr',
      notifications: true,
    });
    expect(stored(values)).toEqual({ theme: 'dark', language: 'fr', notifications: true });
    expect(listener).toHaveBeenLastCalledWith(store.get());
    store.update({ theme: 'sepia', notifications: false } as unknown as Partial<UserPreferences>);
    expect(store.get()).toEqual({ theme: 'dark', language: 'fr', notifications: false });
    unsubscribe();
    store.update({ theme: 'light' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("follows another tab's change of its key only", () => {
    const { values, storage } = mapStorage();
    const store = createPreferencesStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    values.set(
      preferencesKey,
      JSON.stringify({ theme: 'dark', language: 'fr', notifications: true }),
    );
    store.externalChange('auth_token');
    expect(listener).not.toHaveBeenCalled();
    store.externalChange(preferencesKey);
    expect(store.get().theme).toBe('dark');
    expect(listener).toHaveBeenCalledWith({ theme: 'dark', language: 'fr', notifications: true });
    // The whole storage cleared: back to the defaults.
    values.clear();
    store.externalChange(null);
    expect(store.get()).toEqual(defaultPreferences);
  });

  it('works in memory when the storage refuses', () => {
    const store = createPreferencesStore(throwingStorage);
    expect(store.get()).toEqual(defaultPreferences);
    expect(store.update({ theme: 'dark' }).theme).toBe('dark');
    expect(store.get().theme).toBe('dark');
  });

  it("gives the document's language and colour scheme", () => {
    expect(documentAppearance(defaultPreferences)).toEqual({ lang: 'fr', colorScheme: 'light' });
    expect(documentAppearance({ theme: 'dark', language: 'fr', notifications: false })).toEqual({
      lang: 'fr',
      colorScheme: 'dark',
    });
  });
});
