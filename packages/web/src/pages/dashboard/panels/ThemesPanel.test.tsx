import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, messages } from '@portal/core';
import { renderDashboard } from '../testing.tsx';
import { ThemesPanel } from './ThemesPanel.tsx';

describe('Thèmes disponibles', () => {
  test('pending, then the archive is saved under its filename and the popup can be closed', async () => {
    const user = userEvent.setup();
    const archive = new Blob(['PK\u0003\u0004'], { type: 'application/zip' });
    let answer: (blob: Blob) => void = () => {};
    const requested: string[] = [];
    const saved: [Blob, string][] = [];
    renderDashboard(<ThemesPanel />, {
      fakes: {
        downloadTheme: (filename) => {
          requested.push(filename);
          return new Promise((resolve) => (answer = resolve));
        },
        saveFile: (blob, filename) => saved.push([blob, filename]),
      },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Thèmes disponibles' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Télécharger le thème' }));
    expect(screen.getByRole('button', { name: /Téléchargement en cours/ })).toBeTruthy();
    expect(requested).toEqual(['theme-boutique.zip']);
    answer(archive);
    expect(
      await screen.findByText(/Le téléchargement de theme-boutique.zip a commencé/),
    ).toBeTruthy();
    expect(saved).toEqual([[archive, 'theme-boutique.zip']]);
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText(/a commencé/)).toBeNull());
  });

  test("a failure shows 'Erreur lors du téléchargement du thème' with a close button", async () => {
    const user = userEvent.setup();
    renderDashboard(<ThemesPanel />, {
      fakes: {
        downloadTheme: async () => {
          throw new ApiError({ kind: 'http', status: 500 });
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Télécharger le thème' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(messages.theme.downloadError),
    );
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
