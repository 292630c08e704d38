import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing/render.tsx';
import { json, networkFailure, refuse, type SampleHandler } from '../testing/sampleBackend.ts';
import { sampleAdmin, sampleUser } from '../testing/sampleData.ts';

const profileCall = 'GET /api/client/profile';
const userLoadError = 'Erreur lors de la récupération des informations utilisateur';

/** Fails the first `failures` calls with `failure`, then answers the sample customer. */
function failingThenAnswering(failure: SampleHandler, failures = 1): SampleHandler {
  let calls = 0;
  return (request) => {
    calls += 1;
    return calls <= failures ? failure(request) : json({ customer: sampleUser });
  };
}

describe('start-up fetch of the stored session customer', () => {
  test('a server error keeps the session: the message, a retry, then the dashboard', async () => {
    const user = userEvent.setup();
    const { services, navigated } = renderApp('/dashboard', {
      signedIn: true,
      answers: { [profileCall]: failingThenAnswering(refuse(500)) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(userLoadError);
    expect(services.client.tokenStore.getAccessToken()).not.toBeNull();
    expect(navigated).not.toContain('/login');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByText(userLoadError)).toBeNull());
    expect(services.client.tokenStore.getAccessToken()).not.toBeNull();
  });

  test('a network failure keeps the session too', async () => {
    const { services } = renderApp('/dashboard', {
      signedIn: true,
      answers: { [profileCall]: networkFailure },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(userLoadError);
    expect(services.client.tokenStore.getRefreshToken()).not.toBeNull();
  });

  test('a refused session (401) still signs out and goes to /login', async () => {
    const { services, location } = renderApp('/dashboard', {
      signedIn: true,
      answers: { [profileCall]: refuse(401), 'POST /auth/refresh': refuse(401) },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(services.client.tokenStore.getAccessToken()).toBeNull();
    expect(screen.queryByText(userLoadError)).toBeNull();
  });
});

describe("an admin's session in the merchant app", () => {
  for (const path of ['/dashboard', '/login']) {
    test(`${path} leaves for the back office with a full page load`, async () => {
      const { redirected, navigated } = renderApp(path, {
        signedIn: true,
        answers: { [profileCall]: () => json({ admin: sampleAdmin }) },
      });
      await waitFor(() => expect(redirected).toEqual(['/admin']));
      expect(navigated).toEqual([]);
      expect(screen.queryByRole('navigation', { name: /Tableau de bord|Menu/ })).toBeNull();
    });
  }
});
