import { describe, expect, it, vi } from 'vitest';
import { mapStorage, throwingStorage } from './testing.ts';
import { createMemoryTokenStore, createStorageTokenStore, tokenKeys } from './tokenStore.ts';

describe('createStorageTokenStore', () => {
  it('stores under the documented keys, the refresh token under refresh_token', () => {
    const { values, storage } = mapStorage();
    const store = createStorageTokenStore(storage);
    store.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    store.setInviteToken('i1');
    expect(Object.fromEntries(values)).toEqual({
      auth_token: 'a1',
      refresh_token: 'r1',
      invite_token: 'i1',
    });
    expect(tokenKeys).toEqual({
      access: 'auth_token',
      refresh: 'refresh_token',
      invite: 'invite_token',
    });
    expect([store.getAccessToken(), store.getRefreshToken(), store.getInviteToken()]).toEqual([
      'a1',
      'r1',
      'i1',
    ]);
  });

  it('clears both session tokens together and the invite token on its own', () => {
    const { values, storage } = mapStorage();
    const store = createStorageTokenStore(storage);
    store.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    store.setInviteToken('i1');
    store.clearTokens();
    expect(Object.fromEntries(values)).toEqual({ invite_token: 'i1' });
    store.clearInviteToken();
    expect(values.size).toBe(0);
    expect([store.getAccessToken(), store.getRefreshToken(), store.getInviteToken()]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('reads tokens written earlier by another page over the same storage', () => {
    const { storage } = mapStorage();
    createStorageTokenStore(storage).setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    expect(createStorageTokenStore(storage).getRefreshToken()).toBe('r1');
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const store = createStorageTokenStore(mapStorage().storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    store.clearTokens();
    store.setInviteToken('i1');
    store.clearInviteToken();
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    store.clearTokens();
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('never crashes on a storage that throws: reads as empty, ignores writes', () => {
    const store = createStorageTokenStore(throwingStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(() => {
      store.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
      store.setInviteToken('i1');
      store.clearTokens();
      store.clearInviteToken();
    }).not.toThrow();
    expect([store.getAccessToken(), store.getRefreshToken(), store.getInviteToken()]).toEqual([
      null,
      null,
      null,
    ]);
    expect(listener).toHaveBeenCalledTimes(4);
  });
});

describe('several pages over one storage', () => {
  it('tells subscribers when another page changed a token key, or cleared everything', () => {
    const { values, storage } = mapStorage();
    const store = createStorageTokenStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    // Another tab writes, then the browser reports it with a storage event.
    values.set(tokenKeys.access, 'a2');
    values.set(tokenKeys.refresh, 'r2');
    store.externalChange(tokenKeys.refresh);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getRefreshToken()).toBe('r2');
    store.externalChange(tokenKeys.invite);
    store.externalChange(null);
    expect(listener).toHaveBeenCalledTimes(3);
    store.externalChange('theme');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps neither token when storage takes only half of a pair', () => {
    const { values, storage } = mapStorage();
    const store = createStorageTokenStore({
      ...storage,
      setItem: (key, value) => {
        if (key === tokenKeys.refresh && value === 'r2')
          throw new DOMException('full', 'QuotaExceededError');
        storage.setItem(key, value);
      },
    });
    store.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    store.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(values.size).toBe(0);
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual([null, null]);
  });
});

describe('createMemoryTokenStore', () => {
  it('keeps tokens in memory with the same behaviour', () => {
    const store = createMemoryTokenStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual(['a1', 'r1']);
    store.clearTokens();
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual([null, null]);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(createMemoryTokenStore().getAccessToken()).toBeNull();
  });
});
