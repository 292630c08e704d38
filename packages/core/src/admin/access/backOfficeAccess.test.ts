import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { authMachine } from '../../auth/auth.machine.ts';
import { createAuthImplementations } from '../../auth/auth.actors.ts';
import { futureAccessToken, scriptedClient, type ScriptedAnswer } from '../../auth/testing.ts';
import { messages } from '../../domain/messages.ts';
import { backOfficeAccess } from './backOfficeAccess.ts';

const admin = {
  _id: 'a1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'admin@theme-portal.test',
  role: 'admin',
};
const customer = {
  _id: 'c1',
  first_name: 'Jeanne',
  last_name: 'Martin',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
};

/** The auth actor of the back office's document, over a real client and a stored session. */
function session(profile: ScriptedAnswer | null) {
  const script: Record<string, ScriptedAnswer> = profile
    ? { 'GET /api/client/profile': profile }
    : {};
  const { client } = scriptedClient(script);
  if (profile !== null)
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const actor = createActor(
    authMachine.provide(
      createAuthImplementations({
        client,
        navigate: vi.fn(),
        notify: vi.fn(),
        currentPath: () => '/admin',
      }),
    ),
    { clock: new SimulatedClock() },
  );
  return { actor, script };
}

describe('backOfficeAccess: only a signed-in admin stays in the back office', () => {
  it('a visitor (no stored session) is sent to the login page', () => {
    const { actor } = session(null);
    actor.start();
    expect(backOfficeAccess(actor.getSnapshot())).toEqual({
      status: 'refused',
      leaveFor: '/login',
    });
  });

  it("decides nothing while the stored session's account loads, then grants an admin", async () => {
    const { actor } = session({ status: 200, body: { admin } });
    actor.start();
    expect(backOfficeAccess(actor.getSnapshot())).toEqual({ status: 'checking' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(backOfficeAccess(actor.getSnapshot())).toEqual({ status: 'granted' });
  });

  it("sends a customer's session to the dashboard", async () => {
    const { actor } = session({ status: 200, body: { customer } });
    actor.start();
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(backOfficeAccess(actor.getSnapshot())).toEqual({
      status: 'refused',
      leaveFor: '/dashboard',
    });
  });

  it('a session the server refuses (401) is sent to the login page', async () => {
    const { actor } = session({ status: 401, body: { message: 'Non authentifié' } });
    actor.start();
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(backOfficeAccess(actor.getSnapshot())).toEqual({
      status: 'refused',
      leaveFor: '/login',
    });
  });

  it('a server failure keeps the session and says so in French', async () => {
    const { actor } = session({ status: 500, body: { message: 'panne' } });
    actor.start();
    await waitFor(actor, (s) => s.matches({ authenticated: 'userUnavailable' }));
    expect(backOfficeAccess(actor.getSnapshot())).toEqual({
      status: 'unavailable',
      message: messages.auth.fetchUserError,
    });
  });
});
