import { describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../testing/render.tsx';
import SignupPage from './SignupPage.tsx';

// The search's chunk arrives only when the test says so.
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});

vi.mock('./EstablishmentSearch.tsx', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const searchLabel = 'Rechercher votre établissement (facultatif)';

describe('step 2 before the establishment search’s code has arrived', () => {
  test('the search holds its place, disabled, and the other fields can be filled', async () => {
    const user = userEvent.setup();
    renderPage(<SignupPage />, '/signup');
    await user.type(screen.getByLabelText('Email'), 'chef@bistrot.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret123');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    // Same label and hint as the search; nothing typed into it can be lost.
    const placeholder = screen.getByRole('textbox', { name: searchLabel });
    expect((placeholder as HTMLInputElement).disabled).toBe(true);
    const hint = document.getElementById(placeholder.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Tapez au moins 3 caractères : nous remplissons l’adresse pour vous.',
    );
    await user.type(screen.getByLabelText('Nom du restaurant'), 'Le Petit Bistrot');

    chunk.release();
    const search = await screen.findByRole('combobox', { name: searchLabel });
    expect(screen.queryByRole('textbox', { name: searchLabel })).toBeNull();
    await user.type(search, 'Bis');
    expect((search as HTMLInputElement).value).toBe('Bis');
    expect((screen.getByLabelText('Nom du restaurant') as HTMLInputElement).value).toBe(
      'Le Petit Bistrot',
    );
  });
});
