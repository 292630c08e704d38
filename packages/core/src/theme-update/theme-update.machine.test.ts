import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { createPortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { deferred, futureAccessToken } from '../auth/testing.ts';
import { createMemoryTokenStore } from '../session/tokenStore.ts';
import { createThemeUpdateImplementations } from './theme-update.actors.ts';
import { themeUpdateMachine } from './theme-update.machine.ts';
import { diffLinesOf } from './theme-update.rules.ts';
import type { ChosenArchive, ThemeUpdateReport } from './theme-update.types.ts';
import { themeUpdateView } from './theme-update.view.ts';

const exported: ChosenArchive = { blob: new Blob(['PK']), name: 'mon-theme.zip' };
const merged = new Blob(['PK-merged']);

const report: ThemeUpdateReport = {
  id: 'u1',
  from_version: '2.0.0',
  to_version: '2.1.0',
  filename: 'theme-boutique-2.1.0-mise-a-jour.zip',
  expires_at: '2026-11-28T13:00:00.000Z',
  removed_settings: [
    {
      file: 'templates/product.json',
      section: 'main',
      block: null,
      setting: 'show_vendor',
      value: true,
    },
  ],
  conflicts: [
    {
      file: 'sections/header.liquid',
      diff: '--- a/sections/header.liquid\tversion 2.0.0\n+++ b/sections/header.liquid\tvotre boutique\n@@ -1,2 +1,2 @@\n <header>\n-  {{ shop.name }}\n+  {{ shop.name | upcase }}\n',
    },
  ],
  kept_files: ['snippets/mine.liquid'],
};

const refusal = (status: number, message: string) =>
  new ApiError({ kind: 'http', status, data: { message } });

function start(
  upload: (archive: ChosenArchive, signal: AbortSignal) => Promise<ThemeUpdateReport>,
  download: () => Promise<Blob> = async () => merged,
) {
  const saveFile = vi.fn();
  const uploadExport = vi.fn(upload);
  const machine = themeUpdateMachine.provide({
    actors: {
      uploadExport: fromPromise(({ input, signal }) => uploadExport(input, signal)),
      downloadMerged: fromPromise(download),
    },
    actions: { saveFile: (_, params) => saveFile(params.blob, params.filename) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  return { actor, saveFile, uploadExport };
}

describe('the update that keeps the merchant’s work', () => {
  it('idle -> uploading (the file named) -> merged with the report, then the merged archive saved', async () => {
    const answer = deferred<ThemeUpdateReport>();
    const { actor, saveFile } = start(() => answer.promise);
    expect(themeUpdateView(actor.getSnapshot())).toMatchObject({ status: 'idle', chosen: null });
    actor.send({ type: 'update.choose', archive: exported });
    expect(themeUpdateView(actor.getSnapshot())).toMatchObject({
      status: 'uploading',
      chosen: 'Fichier choisi : mon-theme.zip',
      progress: 'Envoi et fusion de mon-theme.zip…',
      canRetry: false,
    });
    answer.resolve(report);
    await waitFor(actor, (s) => s.matches('merged'));
    const view = themeUpdateView(actor.getSnapshot());
    expect(view.report).toMatchObject({
      summary: 'Votre thème est passé de la version 2.0.0 à la version 2.1.0.',
      removedSettings: [{ place: 'templates/product.json › main › show_vendor', value: 'true' }],
      conflicts: [
        { file: 'sections/header.liquid', label: 'Différences de sections/header.liquid' },
      ],
      keptFiles: ['snippets/mine.liquid'],
      nothingToReview: false,
      download: { label: 'Télécharger le thème mis à jour', pending: false },
      started: null,
    });
    actor.send({ type: 'update.download' });
    expect(themeUpdateView(actor.getSnapshot()).report?.download.pending).toBe(true);
    await waitFor(actor, (s) => s.matches({ merged: 'ready' }) && s.context.downloaded);
    expect(saveFile).toHaveBeenCalledWith(merged, 'theme-boutique-2.1.0-mise-a-jour.zip');
    expect(themeUpdateView(actor.getSnapshot()).report?.started).toBe(
      'Le téléchargement de theme-boutique-2.1.0-mise-a-jour.zip a commencé : installez-le comme nouveau thème non publié.',
    );
  });

  it("a refused archive shows the server's French message, keeps the file's name, and retries with the same file", async () => {
    const message = 'L’archive contient un chemin non autorisé : ../evil.liquid';
    let attempt = 0;
    const { actor, uploadExport } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw refusal(400, message);
      return report;
    });
    actor.send({ type: 'update.choose', archive: exported });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(themeUpdateView(actor.getSnapshot())).toMatchObject({
      status: 'refused',
      error: message,
      chosen: 'Fichier choisi : mon-theme.zip',
      canRetry: true,
      report: null,
    });
    actor.send({ type: 'update.retry' });
    expect(themeUpdateView(actor.getSnapshot()).error).toBeNull();
    await waitFor(actor, (s) => s.matches('merged'));
    expect(uploadExport.mock.calls.map(([archive]) => archive)).toEqual([exported, exported]);
  });

  it('a 413 says the limit; a failure without a message gets the generic French text', async () => {
    for (const [error, shown] of [
      [
        refusal(413, 'L’archive dépasse la taille maximale de 50 Mo.'),
        'L’archive dépasse la taille maximale de 50 Mo.',
      ],
      [
        new ApiError({ kind: 'network', status: 0 }),
        'Erreur lors de l’envoi de l’archive. Réessayez.',
      ],
    ] as const) {
      const { actor } = start(() => Promise.reject(error));
      actor.send({ type: 'update.choose', archive: exported });
      await waitFor(actor, (s) => s.matches('refused'));
      expect(themeUpdateView(actor.getSnapshot()).error).toBe(shown);
    }
  });

  it('cancel stops the upload (its signal aborts), keeps the file, and retry sends it again', async () => {
    const signals: AbortSignal[] = [];
    const { actor, uploadExport } = start((_, signal) => {
      signals.push(signal);
      return new Promise(() => {});
    });
    actor.send({ type: 'update.choose', archive: exported });
    actor.send({ type: 'update.cancel' });
    expect(themeUpdateView(actor.getSnapshot())).toMatchObject({
      status: 'idle',
      chosen: 'Fichier choisi : mon-theme.zip',
      canRetry: true,
    });
    expect(signals[0]?.aborted).toBe(true);
    actor.send({ type: 'update.retry' });
    expect(themeUpdateView(actor.getSnapshot()).status).toBe('uploading');
    expect(uploadExport).toHaveBeenCalledTimes(2);
  });

  it('another archive may be chosen after a refusal; start over forgets file and report', async () => {
    const { actor } = start(async (archive) => {
      if (archive.name === 'bad.zip')
        throw refusal(400, 'Ce fichier n’est pas une archive zip lisible.');
      return report;
    });
    actor.send({ type: 'update.choose', archive: { ...exported, name: 'bad.zip' } });
    await waitFor(actor, (s) => s.matches('refused'));
    actor.send({ type: 'update.choose', archive: exported });
    await waitFor(actor, (s) => s.matches('merged'));
    actor.send({ type: 'update.reset' });
    expect(themeUpdateView(actor.getSnapshot())).toMatchObject({
      status: 'idle',
      chosen: null,
      report: null,
      canRetry: false,
    });
  });

  it('an expired merged archive (404) says to upload the export again', async () => {
    const { actor, saveFile } = start(
      async () => report,
      () => Promise.reject(new ApiError({ kind: 'http', status: 404, data: {} })),
    );
    actor.send({ type: 'update.choose', archive: exported });
    await waitFor(actor, (s) => s.matches('merged'));
    actor.send({ type: 'update.download' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(themeUpdateView(actor.getSnapshot()).error).toBe(
      'Cette mise à jour a expiré : chargez à nouveau l’export de votre thème.',
    );
    expect(saveFile).not.toHaveBeenCalled();
  });

  it("sends the contract's multipart call, one file field 'archive', then GETs the merged archive", async () => {
    const seen: { method: string; path: string; type: string | null; file?: File }[] = [];
    const client = createPortalClient({
      baseUrl: 'https://api.test',
      tokenStore: createMemoryTokenStore(),
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        if (request.method === 'POST') {
          const form = await request.formData();
          seen.push({
            method: 'POST',
            path,
            type: request.headers.get('Content-Type'),
            file: form.get('archive') as File,
          });
          return Response.json(report, { status: 201 });
        }
        seen.push({ method: request.method, path, type: null });
        return new Response(merged, { headers: { 'Content-Type': 'application/zip' } });
      },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const save = vi.fn();
    const actor = createActor(
      themeUpdateMachine.provide(createThemeUpdateImplementations({ client, save })),
    ).start();
    actor.send({ type: 'update.choose', archive: exported });
    await waitFor(actor, (s) => s.matches('merged'));
    actor.send({ type: 'update.download' });
    await waitFor(actor, (s) => s.context.downloaded);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/client/themes/update' });
    expect(seen[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.file?.name).toBe('mon-theme.zip');
    expect(await seen[0]?.file?.text()).toBe('PK');
    expect(seen[1]).toMatchObject({ method: 'GET', path: '/api/client/themes/update/u1' });
    expect(await (save.mock.calls[0]?.[0] as Blob).text()).toBe('PK-merged');
  });
});

describe('diffLinesOf', () => {
  it('reads a unified diff as file headers, hunks, additions, removals and context', () => {
    expect(diffLinesOf(report.conflicts[0]!.diff)).toEqual([
      { kind: 'file', text: '--- a/sections/header.liquid\tversion 2.0.0' },
      { kind: 'file', text: '+++ b/sections/header.liquid\tvotre boutique' },
      { kind: 'hunk', text: '@@ -1,2 +1,2 @@' },
      { kind: 'context', text: '<header>' },
      { kind: 'removed', text: '  {{ shop.name }}' },
      { kind: 'added', text: '  {{ shop.name | upcase }}' },
    ]);
    expect(diffLinesOf('Binary files a/x.png and b/x.png differ\n')).toEqual([
      { kind: 'note', text: 'Binary files a/x.png and b/x.png differ' },
    ]);
  });
});
