import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderPage } from '../../../../testing/render.tsx';
import { refuse, type SampleAnswers } from '../../../../testing/sampleBackend.ts';
import { sampleTrialEndedSubscription } from '../../../../testing/sampleData.ts';
import { ThemesPanel } from './ThemesPanel.tsx';

const downloadCall = 'GET /api/client/download-zip/:filename';

function renderThemes(answers: SampleAnswers = {}) {
  return renderPage(<ThemesPanel />, '/dashboard?tab=themes', { signedIn: true, answers });
}

describe('Thèmes disponibles', () => {
  test('three steps say how to install the archive in Shopify and how to tell it is active', () => {
    renderThemes();
    const steps = screen.getByRole('region', { name: 'Installer le thème dans Shopify' });
    const items = within(steps)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Boutique en ligne puis Thèmes');
    expect(items[0]).toContain('« Ajouter un thème » puis « Charger un fichier zip »');
    expect(items[1]).toContain('« Publier »');
    expect(items[2]).toContain('Aucun avis ne s’affiche quand la licence est active');
    expect(items[2]).toContain('« Licences »');
  });

  test('pending, then the archive is saved under its filename and the popup can be closed', async () => {
    const user = userEvent.setup();
    const archive = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    let answer: () => void = () => {};
    const requested: string[] = [];
    const { saved } = renderThemes({
      [downloadCall]: ({ params }) => {
        requested.push(params.filename ?? '');
        return new Promise<Response>(
          (resolve) =>
            (answer = () =>
              resolve(new Response(archive, { headers: { 'Content-Type': 'application/zip' } }))),
        );
      },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Thèmes disponibles' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Télécharger le thème' }));
    expect(screen.getByRole('button', { name: /Téléchargement en cours/ })).toBeTruthy();
    await waitFor(() => expect(requested).toEqual(['theme-boutique.zip']));
    answer();
    expect(
      await screen.findByText(/Le téléchargement de theme-boutique.zip a commencé/),
    ).toBeTruthy();
    expect(saved.map((file) => file.filename)).toEqual(['theme-boutique.zip']);
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(archive);
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText(/a commencé/)).toBeNull());
  });

  test("a failure shows 'Erreur lors du téléchargement du thème' with a close button", async () => {
    const user = userEvent.setup();
    renderThemes({ [downloadCall]: refuse(500) });
    await user.click(screen.getByRole('button', { name: 'Télécharger le thème' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(messages.theme.downloadError),
    );
    expect(screen.queryByRole('link', { name: 'Choisir un plan' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  test("without access the server's reason is shown, not the generic download error", async () => {
    const user = userEvent.setup();
    const { saved } = renderPage(<ThemesPanel />, '/dashboard?tab=themes', {
      signedIn: true,
      initial: { subscription: sampleTrialEndedSubscription },
    });
    await user.click(screen.getByRole('button', { name: 'Télécharger le thème' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.subscriptionRules.trialEnded);
    expect(alert.textContent).not.toContain(messages.theme.downloadError);
    expect(screen.getByRole('link', { name: 'Choisir un plan' }).getAttribute('href')).toBe(
      '/dashboard?tab=subscription&section=formules',
    );
    expect(saved).toEqual([]);
  });
});
