import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, messages, type LicencesOverview } from '@portal/core';
import { renderDashboard, sampleLicence } from '../testing.tsx';
import { LicencesPanel } from './LicencesPanel.tsx';

const overview = (used: number, limit: number, licences = [sampleLicence]): LicencesOverview => ({
  licences,
  usage: { licensesUsed: used, licensesLimit: limit, licensesRemaining: Math.max(limit - used, 0) },
});

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

describe('Gestion des licences', () => {
  test('loading, then the list with every field and the expiry in fr-FR', async () => {
    let answer: (value: LicencesOverview) => void = () => {};
    renderDashboard(<LicencesPanel />, {
      fakes: { fetchLicences: () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Chargement des licences…' })).toBeTruthy();
    // The usage card holds its place while loading, so the list does not jump when it fills.
    const card = screen.getByRole('heading', { level: 3, name: 'Utilisation des licences' });
    expect(card.closest('[aria-busy="true"]')).not.toBeNull();
    answer(overview(1, 3));
    await waitFor(() =>
      expect(
        screen
          .getByRole('heading', { level: 3, name: 'Utilisation des licences' })
          .closest('[aria-busy="true"]'),
      ).toBeNull(),
    );
    const item = await screen.findByRole('article', { name: 'boutique.fr' });
    expect(within(item).getByText('boutique.myshopify.com')).toBeTruthy();
    expect(within(item).getByText('Thème Boutique')).toBeTruthy();
    expect(within(item).getByText('Active')).toBeTruthy();
    expect(within(item).getByText('15 janvier 2027')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mes licences' })).toBeTruthy();
  });

  test("usage card: 'Disponible', remaining highlighted at 2 but not at 3", async () => {
    const { unmount } = renderDashboard(<LicencesPanel />, {
      fakes: { fetchLicences: async () => overview(1, 3) },
    });
    expect(await screen.findByText('Disponible')).toBeTruthy();
    expect(screen.getByText('Restantes').parentElement?.hasAttribute('data-highlighted')).toBe(
      true,
    );
    unmount();
    renderDashboard(<LicencesPanel />, { fakes: { fetchLicences: async () => overview(2, 5) } });
    expect(await screen.findByText('Disponible')).toBeTruthy();
    expect(screen.getByText('Restantes').parentElement?.hasAttribute('data-highlighted')).toBe(
      false,
    );
  });

  test("at the limit: 'Limite atteinte', the warning, and the add button disabled", async () => {
    const user = userEvent.setup();
    renderDashboard(<LicencesPanel />, { fakes: { fetchLicences: async () => overview(3, 3) } });
    expect(await screen.findByText('Limite atteinte')).toBeTruthy();
    expect(screen.getByText(messages.licences.limitWarning(3))).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Ajouter une licence' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("'Illimité' at 999", async () => {
    renderDashboard(<LicencesPanel />, { fakes: { fetchLicences: async () => overview(4, 999) } });
    expect((await screen.findAllByText('Illimité')).length).toBeGreaterThan(0);
  });

  test('the empty state says what to do next', async () => {
    renderDashboard(<LicencesPanel />, {
      fakes: { fetchLicences: async () => overview(0, 3, []) },
    });
    expect(await screen.findByText('Vous n’avez encore aucune licence.')).toBeTruthy();
    expect(screen.getByText(/Cliquez sur « Ajouter une licence »/)).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement.' and 'Réessayer' loads again", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderDashboard(<LicencesPanel />, {
      fakes: {
        fetchLicences: async () => {
          if (fail) throw new ApiError({ kind: 'network', status: 0 });
          return overview(1, 3);
        },
      },
    });
    expect(await screen.findByText(messages.licences.loadError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'boutique.fr' })).toBeTruthy();
  });

  test('create: field errors, a 409 keeps the typed values, then success is notified', async () => {
    const user = userEvent.setup();
    const attempts: unknown[] = [];
    const { notification } = renderDashboard(<LicencesPanel />, {
      fakes: {
        fetchLicences: async () => overview(1, 3),
        createLicence: async (save) => {
          attempts.push(save);
          if (attempts.length === 1) throw new ApiError({ kind: 'http', status: 409 });
          return sampleLicence;
        },
      },
    });
    const add = await screen.findByRole('button', { name: 'Ajouter une licence' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une licence' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText(messages.validation.customDomainRequired)).toBeTruthy();
    expect(within(dialog).getByText(messages.validation.shopDomainRequired)).toBeTruthy();
    expect(attempts).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Domaine personnalisé'), 'deja.fr');
    await user.type(within(dialog).getByLabelText('Domaine Shopify'), 'deja');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(messages.licences.conflict)).toBeTruthy();
    expect((within(dialog).getByLabelText('Domaine personnalisé') as HTMLInputElement).value).toBe(
      'deja.fr',
    );
    expect((within(dialog).getByLabelText('Domaine Shopify') as HTMLInputElement).value).toBe(
      'deja',
    );
    expect(attempts[0]).toEqual({
      mode: 'create',
      values: { custom_domain: 'deja.fr', shop_domain: 'deja.myshopify.com' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notification()).toEqual({ type: 'success', message: messages.licences.created });
    // Focus goes back to the button that opened the modal.
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  test('edit opens with the licence values and saves them by _id', async () => {
    const user = userEvent.setup();
    const saves: unknown[] = [];
    const { notification } = renderDashboard(<LicencesPanel />, {
      fakes: {
        updateLicence: async (save) => {
          saves.push(save);
          return sampleLicence;
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier boutique.fr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la licence' });
    const custom = within(dialog).getByLabelText('Domaine personnalisé') as HTMLInputElement;
    expect(custom.value).toBe('boutique.fr');
    await user.clear(custom);
    await user.type(custom, 'nouveau.fr');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves).toEqual([
      {
        mode: 'edit',
        _id: 'l1',
        values: { custom_domain: 'nouveau.fr', shop_domain: 'boutique.myshopify.com' },
      },
    ]);
    expect(notification()).toEqual({ type: 'success', message: messages.licences.updated });
  });

  test('delete asks first, shows its loading state, then notifies', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const deleted: string[] = [];
    const { notification } = renderDashboard(<LicencesPanel />, {
      fakes: {
        fetchLicences: async () =>
          overview(deleted.length, 3, deleted.length ? [] : [sampleLicence]),
        deleteLicence: (id) => {
          deleted.push(id);
          return new Promise<void>((resolve) => (finish = resolve));
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer boutique.fr' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer la licence' });
    expect(within(dialog).getByText('boutique.fr')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(deleted).toEqual(['l1']);
    expect(await within(dialog).findByRole('button', { name: /Suppression/ })).toBeTruthy();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(notification()).toEqual({ type: 'success', message: messages.licences.deleted });
    // The deleted row's button is gone: focus lands on the list, not on the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Mes licences' })),
    );
  });

  test('cancelling the delete keeps the licence', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    renderDashboard(<LicencesPanel />, {
      fakes: {
        deleteLicence: async (id) => {
          deleted.push(id);
          return never();
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer boutique.fr' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toEqual([]);
  });
});
