/** The pair of tokens a login or a refresh hands out. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** Storage keys of the spec; the refresh token's key fixes the spec's known defect. */
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
