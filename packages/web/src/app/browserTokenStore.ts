import { createStorageTokenStore, tokenKeys, type TokenStore } from '@portal/core';

const keys: readonly string[] = Object.values(tokenKeys);

/**
 * Core's Web Storage token store over `localStorage`, plus the `storage` event so a logout or a
 * refresh in another tab reaches this one.
 */
export function createBrowserTokenStore(storage: Storage = window.localStorage): TokenStore {
  const store = createStorageTokenStore(storage);
  return {
    ...store,
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || keys.includes(event.key)) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        unsubscribe();
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
