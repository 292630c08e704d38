/** The pair of tokens a login or a refresh hands out. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Storage keys of docs/product.md#storage-keys; the refresh token's own key is a documented
 * departure (docs/decisions.md#rules).
 */
export const tokenKeys = {
  access: 'auth_token',
  refresh: 'refresh_token',
  invite: 'invite_token',
} as const;

export type TokenListener = () => void;

/** Where the session's tokens live; `subscribe` reports every change (same tab or, later, others). */
export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: Tokens): void;
  clearTokens(): void;
  getInviteToken(): string | null;
  setInviteToken(token: string): void;
  clearInviteToken(): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: TokenListener): () => void;
}

/** The part of the Web Storage API the store needs (`window.localStorage` in the browser). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A token store over storage that other pages (other tabs) write too. */
export interface SharedTokenStore extends TokenStore {
  /**
   * Tells the store that another page changed `key` (null: the whole storage was cleared), e.g.
   * from the browser's `storage` event. Reads already see the new values; subscribers are told
   * when a token key changed, so a refresh or logout in one tab reaches the others.
   */
  externalChange(key: string | null): void;
}

const storedKeys: readonly string[] = Object.values(tokenKeys);

/**
 * A token store over Web Storage. Storage that throws (private mode, quota, disabled cookies)
 * reads as empty and ignores writes: the client keeps working, only without persistence.
 */
export function createStorageTokenStore(storage: StorageLike): SharedTokenStore {
  const listeners = new Set<TokenListener>();

  const read = (key: string): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  /** False when the storage refused (unavailable, quota). */
  const write = (key: string, value: string | null): boolean => {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  };
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };

  return {
    getAccessToken: () => read(tokenKeys.access),
    getRefreshToken: () => read(tokenKeys.refresh),
    setTokens({ accessToken, refreshToken }) {
      if (!write(tokenKeys.access, accessToken) || !write(tokenKeys.refresh, refreshToken)) {
        // Half a pair would keep a refresh token the server has already consumed (and sending
        // it again revokes the whole session family): keep neither.
        write(tokenKeys.access, null);
        write(tokenKeys.refresh, null);
      }
      notify();
    },
    clearTokens() {
      write(tokenKeys.access, null);
      write(tokenKeys.refresh, null);
      notify();
    },
    getInviteToken: () => read(tokenKeys.invite),
    setInviteToken(token) {
      write(tokenKeys.invite, token);
      notify();
    },
    clearInviteToken() {
      write(tokenKeys.invite, null);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    externalChange(key) {
      if (key === null || storedKeys.includes(key)) notify();
    },
  };
}

/** A token store that lives as long as the page (tests, server-side rendering). */
export function createMemoryTokenStore(): TokenStore {
  const values = new Map<string, string>();
  return createStorageTokenStore({
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  });
}
