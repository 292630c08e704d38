import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { deferred, futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { createReleaseMailsImplementations } from './release-mails.actors.ts';
import { releaseMailsMachine } from './release-mails.machine.ts';
import type { AccountPreferences } from './release-mails.types.ts';
import { releaseMailsView } from './release-mails.view.ts';

const stored: AccountPreferences = {
  theme: 'light',
  language: 'fr',
  notifications: true,
  theme_update_emails: true,
};

function start(save: (preferences: AccountPreferences) => Promise<AccountPreferences>) {
  const notify = vi.fn();
  const savePreferences = vi.fn(save);
  const actor = createActor(
    releaseMailsMachine.provide({
      actors: {
        fetchPreferences: fromPromise(async () => stored),
        savePreferences: fromPromise(({ input }) => savePreferences(input)),
      },
      actions: { notify: (_, params) => notify(params) },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, notify, savePreferences };
}

describe('the release mails’ switch', () => {
  it('moves at once (optimistic), sends every preference with the new choice, and says it', async () => {
    const answer = deferred<AccountPreferences>();
    const { actor, notify, savePreferences } = start(() => answer.promise);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(releaseMailsView(actor.getSnapshot())).toMatchObject({ enabled: true, saving: false });
    actor.send({ type: 'releaseMails.set', enabled: false });
    expect(releaseMailsView(actor.getSnapshot())).toMatchObject({ enabled: false, saving: true });
    expect(savePreferences).toHaveBeenCalledWith({ ...stored, theme_update_emails: false });
    answer.resolve({ ...stored, theme_update_emails: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(releaseMailsView(actor.getSnapshot())).toMatchObject({
      enabled: false,
      saveError: null,
    });
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Vous ne recevrez plus d’e-mail pour les nouvelles versions.',
    });
  });

  it('a failed save puts the switch back and says so in French', async () => {
    const { actor, notify } = start(() => Promise.reject(new Error('réseau')));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'releaseMails.set', enabled: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(releaseMailsView(actor.getSnapshot())).toMatchObject({
      enabled: true,
      saveError: 'Votre choix n’a pas pu être enregistré : réessayez.',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('ignores a choice equal to the stored one and any change while saving', async () => {
    const { actor, savePreferences } = start(() => new Promise(() => {}));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'releaseMails.set', enabled: true });
    expect(savePreferences).not.toHaveBeenCalled();
    actor.send({ type: 'releaseMails.set', enabled: false });
    actor.send({ type: 'releaseMails.set', enabled: true });
    expect(savePreferences).toHaveBeenCalledTimes(1);
    expect(releaseMailsView(actor.getSnapshot()).enabled).toBe(false);
  });

  it('GET then PUT /customers/preferences; a failed load says so and reloads', async () => {
    const { client, requests } = scriptedClient({
      'GET /customers/preferences': { status: 200, body: { preferences: stored } },
      'PUT /customers/preferences': {
        status: 200,
        body: {
          message: 'Préférences enregistrées',
          preferences: { ...stored, theme_update_emails: false },
        },
      },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const actor = createActor(
      releaseMailsMachine.provide(createReleaseMailsImplementations({ client, notify: vi.fn() })),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'releaseMails.set', enabled: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(requests.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/customers/preferences', undefined],
      ['PUT', '/customers/preferences', { ...stored, theme_update_emails: false }],
    ]);

    const failing = scriptedClient({ 'GET /customers/preferences': { status: 500 } });
    failing.client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const broken = createActor(
      releaseMailsMachine.provide(
        createReleaseMailsImplementations({ client: failing.client, notify: vi.fn() }),
      ),
    ).start();
    await waitFor(broken, (s) => s.matches('failed'));
    expect(releaseMailsView(broken.getSnapshot()).loadError).toBe(
      'Erreur lors du chargement de vos préférences.',
    );
    broken.send({ type: 'releaseMails.reload' });
    expect(releaseMailsView(broken.getSnapshot()).loading).toBe(true);
  });
});
