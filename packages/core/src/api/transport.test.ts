import { describe, expect, it, vi } from 'vitest';
import { futureAccessToken } from '../auth/testing.ts';
import { createMemoryTokenStore } from '../session/tokenStore.ts';
import { createPortalClient } from './client.ts';
import { ApiError } from './errors.ts';

describe('the transport recognises failures by type, never by their text', () => {
  it("a 502 from the refresh call whose body reads 'Aucun refresh token disponible' keeps the session", async () => {
    const tokenStore = createMemoryTokenStore();
    const tokens = { accessToken: futureAccessToken(), refreshToken: 'refresh-1' };
    tokenStore.setTokens(tokens);
    const onSessionExpired = vi.fn();
    const client = createPortalClient({
      baseUrl: 'https://api.test',
      tokenStore,
      onSessionExpired,
      fetch: async (request: Request) =>
        new URL(request.url).pathname === '/auth/refresh'
          ? Response.json({ message: 'Aucun refresh token disponible' }, { status: 502 })
          : Response.json({ message: 'Jeton expiré' }, { status: 401 }),
    });
    const failure = await client.api.GET('/api/client/profile').catch((error: unknown) => error);
    // A gateway failure is retryable: the tokens stay and no expiry is reported.
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 502 });
    expect(tokenStore.getRefreshToken()).toBe('refresh-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('no stored refresh token on a 401: the session ends with the documented message', async () => {
    const tokenStore = createMemoryTokenStore();
    tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: '' });
    const onSessionExpired = vi.fn();
    const client = createPortalClient({
      baseUrl: 'https://api.test',
      tokenStore,
      onSessionExpired,
      fetch: async () => Response.json({ message: 'Jeton expiré' }, { status: 401 }),
    });
    const failure = await client.api.GET('/api/client/profile').catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'refresh-failed',
      status: 401,
      message: 'Aucun refresh token disponible',
      data: { message: 'Jeton expiré' },
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokenStore.getAccessToken()).toBeNull();
  });
});
