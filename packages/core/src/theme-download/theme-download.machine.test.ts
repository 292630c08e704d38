import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { deferred, futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { createThemeDownloadImplementations } from './theme-download.actors.ts';
import { themeDownloadMachine } from './theme-download.machine.ts';
import {
  selectDownloadError,
  selectDownloadNeedsPlan,
  selectDownloadStatus,
  selectIsDownloading,
} from './theme-download.selectors.ts';

const archive = new Blob(['PK'], { type: 'application/zip' });

function start(download: (filename: string) => Promise<Blob>) {
  const saveFile = vi.fn();
  const downloadTheme = vi.fn(download);
  const machine = themeDownloadMachine.provide({
    actors: {
      downloadTheme: fromPromise(({ input }) => downloadTheme(input.filename)),
    },
    actions: { saveFile: (_, params) => saveFile(params.blob, params.filename) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  return { actor, saveFile, downloadTheme };
}

describe('theme download', () => {
  it('goes idle -> pending -> success and hands the blob to the saver', async () => {
    const pending = deferred<Blob>();
    const { actor, saveFile, downloadTheme } = start(() => pending.promise);
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'theme.download', filename: ' theme.zip ' });
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('pending');
    expect(selectIsDownloading(actor.getSnapshot())).toBe(true);
    expect(downloadTheme).toHaveBeenCalledWith('theme.zip');
    pending.resolve(archive);
    await waitFor(actor, (s) => s.matches('success'));
    expect(saveFile).toHaveBeenCalledWith(archive, 'theme.zip');
    expect(selectDownloadError(actor.getSnapshot())).toBeNull();
  });

  it("requires a filename: 'Le nom du fichier est requis', without any call", () => {
    const { actor, downloadTheme } = start(async () => archive);
    actor.send({ type: 'theme.download', filename: '  ' });
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('error');
    expect(selectDownloadError(actor.getSnapshot())).toBe('Le nom du fichier est requis');
    expect(downloadTheme).not.toHaveBeenCalled();
  });

  it("shows 'Erreur lors du téléchargement du thème' whatever the failure", async () => {
    for (const failure of [
      new ApiError({ kind: 'http', status: 404, data: { message: 'Fichier introuvable' } }),
      new ApiError({ kind: 'timeout', status: 0 }),
      new Error('disque plein'),
    ]) {
      const { actor, saveFile } = start(() => Promise.reject(failure));
      actor.send({ type: 'theme.download', filename: 'theme.zip' });
      await waitFor(actor, (s) => s.matches('error'));
      expect(selectDownloadError(actor.getSnapshot())).toBe(
        'Erreur lors du téléchargement du thème',
      );
      expect(selectDownloadNeedsPlan(actor.getSnapshot())).toBe(false);
      expect(saveFile).not.toHaveBeenCalled();
    }
  });

  it('refuses a second download while one is pending', () => {
    const { actor, downloadTheme } = start(() => new Promise(() => {}));
    actor.send({ type: 'theme.download', filename: 'theme.zip' });
    expect(actor.getSnapshot().can({ type: 'theme.download', filename: 'theme.zip' })).toBe(false);
    actor.send({ type: 'theme.download', filename: 'theme.zip' });
    expect(downloadTheme).toHaveBeenCalledTimes(1);
  });

  it('closes the popup and can download again after an error', async () => {
    let fail = true;
    const { actor, saveFile } = start(async () => {
      if (fail) throw new Error('x');
      return archive;
    });
    actor.send({ type: 'theme.download', filename: 'theme.zip' });
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'theme.dismiss' });
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('idle');
    fail = false;
    actor.send({ type: 'theme.download', filename: 'theme.zip' });
    expect(selectDownloadError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('success'));
    expect(saveFile).toHaveBeenCalledTimes(1);
    actor.send({ type: 'theme.download', filename: 'theme.zip' });
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('pending');
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'theme.dismiss' });
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('idle');
  });

  it('calls GET /api/client/download-zip/{filename} and saves the archive as a blob', async () => {
    const { client, requests } = scriptedClient({
      'GET /api/client/download-zip/theme.zip': { status: 200, blob: archive },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const save = vi.fn();
    const machine = themeDownloadMachine.provide(
      createThemeDownloadImplementations({ client, save }),
    );
    const actor = createActor(machine).start();
    actor.send({ type: 'theme.download', filename: 'theme.zip' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(requests).toHaveLength(1);
    const [blob, filename] = save.mock.calls[0] as [Blob, string];
    expect(filename).toBe('theme.zip');
    expect(await blob.text()).toBe('PK');
  });

  it("a 403 shows the server's reason (no subscription giving access), else the generic text", async () => {
    const reason = 'Votre essai gratuit est terminé : choisissez un plan pour continuer.';
    for (const [body, shown] of [
      [{ message: reason }, reason],
      [{}, 'Erreur lors du téléchargement du thème'],
    ] as const) {
      const { client } = scriptedClient({
        'GET /api/client/download-zip/theme.zip': { status: 403, body },
      });
      client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
      const save = vi.fn();
      const actor = createActor(
        themeDownloadMachine.provide(createThemeDownloadImplementations({ client, save })),
      ).start();
      actor.send({ type: 'theme.download', filename: 'theme.zip' });
      await waitFor(actor, (s) => s.matches('error'));
      expect(selectDownloadError(actor.getSnapshot())).toBe(shown);
      expect(selectDownloadNeedsPlan(actor.getSnapshot())).toBe(true);
      expect(save).not.toHaveBeenCalled();
    }
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(themeDownloadMachine, { inspect: (event) => seen.push(event.type) });
  actor.start();
  actor.send({ type: 'theme.download', filename: '' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});
