import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { deferred } from '../auth/testing.ts';
import { themeDownloadMachine } from './theme-download.machine.ts';
import { themeDownloadCommands, themeDownloadView } from './theme-download.view.ts';

function tab(download: () => Promise<Blob>) {
  const actor = createActor(
    themeDownloadMachine.provide({ actors: { downloadTheme: fromPromise(download) } }),
    { clock: new SimulatedClock() },
  ).start();
  return {
    actor,
    view: () => themeDownloadView(actor.getSnapshot()),
    ...themeDownloadCommands(actor.send),
  };
}

describe("'Thèmes disponibles' as its view model gives it", () => {
  it("'Téléchargement en cours…', then the popup naming the archive, closed by dismiss", async () => {
    const archive = deferred<Blob>();
    const opened = tab(() => archive.promise);
    expect(opened.view()).toEqual({
      button: { label: 'Télécharger le thème', pending: false },
      filename: null,
      popup: null,
    });
    opened.download('theme-boutique.zip');
    expect(opened.view().button).toEqual({ label: 'Téléchargement en cours…', pending: true });
    expect(opened.view().filename).toBe('theme-boutique.zip');
    archive.resolve(new Blob(['PK']));
    await waitFor(opened.actor, (s) => s.matches('success'));
    expect(opened.view().popup).toEqual({
      tone: 'success',
      message:
        'Le téléchargement de theme-boutique.zip a commencé. Importez ensuite l’archive dans Shopify : Boutique en ligne, puis Thèmes, puis Ajouter un thème.',
    });
    opened.dismiss();
    expect(opened.view().popup).toBeNull();
  });

  it('a refusal by the subscription (403) says why and leads to the plans', async () => {
    const message = 'Votre essai gratuit est terminé : choisissez un plan pour continuer.';
    const opened = tab(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 403, data: { message } })),
    );
    opened.download('theme-boutique.zip');
    await waitFor(opened.actor, (s) => s.matches('error'));
    expect(opened.view().popup).toEqual({ tone: 'error', message, choosePlan: true });
  });
});
