import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { accountDeletionErrorMessage, deleteAccount } from './account-deletion.ts';

function signedIn(script: Parameters<typeof scriptedClient>[0]) {
  const scripted = scriptedClient(script);
  scripted.client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  return scripted;
}

describe('account deletion', () => {
  it('sends DELETE /customers/account with the password', async () => {
    const { client, requests } = signedIn({ 'DELETE /customers/account': { status: 204 } });
    await deleteAccount(client, 'Secret123');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/customers/account',
        body: { password: 'Secret123' },
      }),
    ]);
  });

  it("says 'Mot de passe incorrect' for a wrong password (401), and keeps the session", async () => {
    const { client, requests } = signedIn({
      'DELETE /customers/account': { status: 401, body: { message: 'Mot de passe incorrect' } },
    });
    const error = await deleteAccount(client, 'wrong').catch((caught: unknown) => caught);
    expect(accountDeletionErrorMessage(error)).toBe('Mot de passe incorrect');
    // A typo is not an expired session: no renewal, the tokens stay.
    expect(requests.map((r) => r.path)).toEqual(['/customers/account']);
    expect(client.tokenStore.getAccessToken()).not.toBeNull();
  });

  it("keeps the client's text for other failures", () => {
    expect(accountDeletionErrorMessage(new ApiError({ kind: 'http', status: 429 }))).toBe(
      'Trop de requêtes - veuillez patienter',
    );
    expect(accountDeletionErrorMessage(new ApiError({ kind: 'http', status: 500 }))).toBe(
      'Erreur serveur interne',
    );
    expect(accountDeletionErrorMessage(new TypeError('x'))).toBe(
      'Erreur lors de la suppression du compte',
    );
  });
});
