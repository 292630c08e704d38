import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderPage } from '../../../../testing/render.tsx';
import { json, pending, type SampleAnswers } from '../../../../testing/sampleBackend.ts';
import {
  sampleCanceledSubscription,
  sampleLicences,
  sampleThemeUpdate,
  sampleThemeWithReleases,
  sampleTrialEndedSubscription,
} from '../../../../testing/sampleData.ts';
import type { TestOptions } from '../../../../testing/render.tsx';
import { ThemesPanel } from './ThemesPanel.tsx';

const downloadCall = 'GET /api/client/download-zip/:filename';
const uploadCall = 'POST /api/client/themes/update';

function renderThemes(answers: SampleAnswers = {}, options: TestOptions = {}, hash = '') {
  window.history.replaceState(null, '', `/dashboard?tab=themes${hash}`);
  return renderPage(<ThemesPanel />, '/dashboard?tab=themes', {
    signedIn: true,
    answers,
    ...options,
  });
}

const release = (version: string) =>
  screen.getByRole('heading', { level: 4, name: new RegExp(`${version.replaceAll('.', '\\.')}$`) })
    .parentElement as HTMLElement;

const exportFile = (name = 'mon-theme.zip') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name, { type: 'application/zip' });

async function upload(file = exportFile()) {
  const input = await screen.findByLabelText('Choisir l’archive exportée (.zip)');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('Thèmes disponibles: the releases', () => {
  test('the current version first with its date and its notes under Nouveautés, then the earlier ones', async () => {
    renderThemes();
    const current = (await screen.findByRole('heading', { name: 'Version actuelle : 2.1.0' }))
      .parentElement as HTMLElement;
    expect(current.id).toBe('version-2.1.0');
    expect(within(current).getByText('Publiée le 14 octobre 2026')).toBeTruthy();
    expect(within(current).getByText('Nouveautés')).toBeTruthy();
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(sampleThemeWithReleases.releases[0]!.notes.split('\n'));
    expect(within(current).getByText('1,2 Mo')).toBeTruthy();
    expect(within(current).getByText(sampleThemeWithReleases.releases[0]!.sha256)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Versions précédentes' });
    const earlier = release('2.0.0');
    expect(history.contains(earlier)).toBe(true);
    expect(earlier.id).toBe('version-2.0.0');
    expect(within(earlier).getByText('Publiée le 2 juin 2026')).toBeTruthy();
    expect(within(earlier).getByText('850 Ko')).toBeTruthy();
  });

  test('each version downloads its own file, pending only on its own button', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const requested: string[] = [];
    const { saved } = renderThemes({
      [downloadCall]: ({ params }) => {
        requested.push(params.filename ?? '');
        return new Promise<Response>(
          (resolve) =>
            (answer = () =>
              resolve(
                new Response(new Uint8Array([0x50, 0x4b]), {
                  headers: { 'Content-Type': 'application/zip' },
                }),
              )),
        );
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Télécharger la version 2.0.0' }));
    expect(requested).toEqual(['theme-boutique-2.0.0.zip']);
    expect(
      within(release('2.0.0')).getByRole('button', { name: /Téléchargement en cours/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger la version 2.1.0' })).toBeTruthy();
    answer();
    expect(
      await within(release('2.0.0')).findByText(
        /Le téléchargement de theme-boutique-2.0.0.zip a commencé/,
      ),
    ).toBeTruthy();
    expect(saved.map((file) => file.filename)).toEqual(['theme-boutique-2.0.0.zip']);
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText(/a commencé/)).toBeNull());
  });

  test("without access the server's reason is shown beside the release, with the plans", async () => {
    const user = userEvent.setup();
    const { saved } = renderThemes({}, { initial: { subscription: sampleTrialEndedSubscription } });
    await user.click(await screen.findByRole('button', { name: 'Télécharger la version 2.1.0' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.subscriptionRules.trialEnded);
    expect(screen.getByRole('link', { name: 'Choisir un plan' }).getAttribute('href')).toBe(
      '/dashboard?tab=subscription&section=formules',
    );
    expect(saved).toEqual([]);
  });

  test('an ended subscription: a release after its end says so, the earlier one downloads', async () => {
    const [latest, earlier] = sampleThemeWithReleases.releases;
    renderThemes(
      {
        'GET /api/client/themes': () =>
          json({
            themes: [
              {
                ...sampleThemeWithReleases,
                releases: [{ ...latest, downloadable: false }, earlier],
              },
            ],
          }),
      },
      { initial: { subscription: sampleCanceledSubscription } },
    );
    const current = (await screen.findByRole('heading', { name: 'Version actuelle : 2.1.0' }))
      .parentElement as HTMLElement;
    expect(current.textContent).toContain(messages.themeReleases.releaseNotCovered('2.1.0'));
    expect(within(current).queryByRole('button', { name: /Télécharger/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Télécharger la version 2.0.0' })).toBeTruthy();
  });

  test("'Mise à jour disponible' for a shop on an older version, linking to the notes", async () => {
    renderThemes(
      {},
      {
        initial: {
          licences: [
            { ...sampleLicences[0]!, last_seen_version: '2.0.0' },
            { ...sampleLicences[1]!, last_seen_version: '2.1.0' },
          ],
        },
      },
    );
    const notices = await screen.findByRole('list', { name: 'Mises à jour disponibles' });
    const items = within(notices).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Mise à jour disponible : version 2.1.0');
    expect(items[0]!.textContent).toContain(
      'La boutique boutique-exemple.fr utilise la version 2.0.0.',
    );
    expect(
      within(items[0]!).getByRole('link', { name: 'Voir les nouveautés' }).getAttribute('href'),
    ).toBe('#version-2.1.0');
  });

  test('opened at #version-2.0.0 (the licences tab’s link), that release takes the focus', async () => {
    renderThemes({}, {}, '#version-2.0.0');
    await waitFor(() => expect(document.activeElement?.id).toBe('version-2.0.0'));
    window.history.replaceState(null, '', '/dashboard?tab=themes#version-2.1.0');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(document.activeElement?.id).toBe('version-2.1.0');
  });

  test('a failed list says so and reloads', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderThemes({
      'GET /api/client/themes': () =>
        fail ? json({}, 500) : json({ themes: [sampleThemeWithReleases] }),
    });
    expect(await screen.findByText(messages.themeTab.loadError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Version actuelle : 2.1.0' })).toBeTruthy();
  });

  test('three steps say how to install the archive in Shopify and how to tell it is active', () => {
    renderThemes({ 'GET /api/client/themes': pending });
    const steps = screen.getByRole('region', { name: 'Installer le thème dans Shopify' });
    const items = within(steps)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('« Ajouter un thème » puis « Charger un fichier zip »');
    expect(items[1]).toContain('« Publier »');
    expect(items[2]).toContain('Aucun avis ne s’affiche quand la licence est active');
  });
});

describe('Thèmes disponibles: the update that keeps the merchant’s work', () => {
  test('upload, progress, then the report, its readable diff, the merged zip and its three steps', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const sent: string[] = [];
    const { saved } = renderThemes({
      [uploadCall]: ({ headers, form }) => {
        const archive = form?.get('archive');
        sent.push(headers.get('Content-Type') ?? '', archive instanceof File ? archive.name : '');
        return new Promise<Response>((resolve) => {
          answer = () => resolve(json(sampleThemeUpdate, 201));
        });
      },
    });
    await upload();
    expect(await screen.findByText('Fichier choisi : mon-theme.zip')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Envoi et fusion de mon-theme.zip…' }),
    ).toBeTruthy();
    expect(sent[0]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[1]).toBe('mon-theme.zip');
    answer();
    expect(
      await screen.findByText('Votre thème est passé de la version 2.0.0 à la version 2.1.0.'),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const removed = screen.getByRole('region', { name: 'Réglages retirés' });
    expect(removed.textContent).toContain('templates/product.json › main › show_vendor : true');
    const conflicts = screen.getByRole('region', { name: 'Fichiers modifiés des deux côtés' });
    const diff = within(conflicts).getByLabelText('Différences de sections/header.liquid');
    expect(diff.textContent).toContain('-   <a href="/">{{ shop.name }}</a>');
    expect(diff.textContent).toContain('+   <a href="/" class="logo">{{ shop.name | upcase }}</a>');
    expect(screen.getByRole('region', { name: 'Fichiers conservés' }).textContent).toContain(
      'snippets/bandeau-promo.liquid',
    );
    const steps = screen.getByRole('region', { name: 'Installer le thème mis à jour' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Télécharger le thème mis à jour' }));
    expect(
      await screen.findByText(
        /Le téléchargement de theme-boutique-2.1.0-mise-a-jour.zip a commencé/,
      ),
    ).toBeTruthy();
    expect(saved.map((file) => file.filename)).toEqual(['theme-boutique-2.1.0-mise-a-jour.zip']);
    expect(await saved[0]!.blob.text()).toBe('PK-merged');
  });

  test("a hostile archive: the server's French message, the file's name kept, a retry that works", async () => {
    const user = userEvent.setup();
    const message = 'L’archive contient un chemin non autorisé : ../../etc/passwd';
    let attempts = 0;
    renderThemes({
      [uploadCall]: () => {
        attempts += 1;
        return attempts === 1
          ? json({ message }, 400)
          : json({ ...sampleThemeUpdate, removed_settings: [], conflicts: [] }, 201);
      },
    });
    await upload(exportFile('piege.zip'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.getByText('Fichier choisi : piege.zip')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(messages.themeReleases.update.nothingToReview)).toBeTruthy();
    expect(attempts).toBe(2);
  });

  test('cancel stops the upload and keeps the file for a retry', async () => {
    const user = userEvent.setup();
    renderThemes({ [uploadCall]: pending });
    await upload();
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Fichier choisi : mon-theme.zip')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
