import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { messages } from '@portal/core';
import { renderPage } from '../../../testing/render.tsx';
import { adminLicenceAnswers, suspendBehindTheBack } from '../../../testing/adminSamples.ts';
import { networkFailure, type SampleAnswers } from '../../../testing/sampleBackend.ts';
import LicencesPage from './LicencesPage.tsx';

function renderLicences(answers: SampleAnswers = adminLicenceAnswers()) {
  return renderPage(<LicencesPage />, '/admin/licences', { signedIn: true, answers });
}

async function openFirst(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Voir boutique-marie.fr' }));
  return screen.findByRole('region', { name: 'Licence boutique-marie.fr' });
}

describe('Licences (back office)', () => {
  test('lists the licences in a table with customer, shop, status and what the theme saw', async () => {
    const { container } = renderLicences();
    expect(screen.getByRole('heading', { level: 1, name: 'Licences' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /2 licences/ });
    const marie = within(table).getByRole('row', { name: /boutique-marie\.fr/ });
    expect(within(marie).getByText('marie@boutique-marie.fr')).toBeTruthy();
    expect(within(marie).getByText('Active')).toBeTruthy();
    expect(
      within(marie).getByText(
        messages.admin.licences.seen('20 novembre 2026', 'boutique-marie.fr', '1.2.0'),
      ),
    ).toBeTruthy();
    const paul = within(table).getByRole('row', { name: /atelier-paul\.fr/ });
    expect(within(paul).getByText(messages.admin.licences.statusSuspended)).toBeTruthy();
    expect(within(paul).getByText(messages.admin.licences.neverSeen)).toBeTruthy();
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('searches by shop domain; nothing found and a search too long are said in French', async () => {
    const user = userEvent.setup();
    renderLicences();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', {
      name: 'Domaine, boutique Shopify ou identifiant',
    });
    await user.type(search, 'atelier-paul.myshopify{Enter}');
    await waitFor(() => expect(screen.getByRole('table', { name: /1 licence/ })).toBeTruthy());
    await user.clear(search);
    await user.type(search, 'inconnue{Enter}');
    expect(await screen.findByText(messages.admin.licences.noResult)).toBeTruthy();
    await user.clear(search);
    await user.click(search);
    await user.paste('x'.repeat(201));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(messages.admin.searchTooLong)).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('x'.repeat(201));
  });

  test("opened from a customer's page with ?q=, it shows that search", async () => {
    renderPage(<LicencesPage />, '/admin/licences?q=atelier-paul.myshopify.com', {
      signedIn: true,
      answers: adminLicenceAnswers(),
    });
    expect(await screen.findByRole('table', { name: /^1 licence/ })).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', {
        name: 'Domaine, boutique Shopify ou identifiant',
      }).value,
    ).toBe('atelier-paul.myshopify.com');
  });

  test('suspends with a reason in a dialog, then reinstates; focus comes back', async () => {
    const user = userEvent.setup();
    renderLicences();
    const detail = await openFirst(user);
    expect(within(detail).getByText('marie@boutique-marie.fr (cus-1)')).toBeTruthy();
    const suspend = within(detail).getByRole('button', { name: 'Suspendre' });
    await user.click(suspend);
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre la licence' });
    await user.click(await within(dialog).findByRole('button', { name: 'Suspendre' }));
    expect(within(dialog).getByText(messages.admin.licences.reasonRequired)).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Raison' }),
      'Impayé depuis octobre',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const suspended = screen.getByRole('region', { name: 'Licence boutique-marie.fr' });
    // 'Suspendre' is gone (now 'Réactiver'): focus is on the licence's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(suspended).getByRole('heading', { name: 'Licence boutique-marie.fr' }),
      ),
    );
    expect(within(suspended).getAllByText(messages.admin.licences.statusSuspended).length).toBe(1);
    expect(
      within(suspended).getByText(
        `${messages.admin.licences.suspendedSince('28 novembre 2026')} : Impayé depuis octobre`,
      ),
    ).toBeTruthy();
    await user.click(within(suspended).getByRole('button', { name: 'Réactiver' }));
    const again = await screen.findByRole('dialog', { name: 'Réactiver la licence' });
    await user.type(within(again).getByRole('textbox', { name: 'Raison' }), 'Paiement reçu');
    await user.click(within(again).getByRole('button', { name: 'Réactiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(suspended).getByRole('button', { name: 'Suspendre' })).toBeTruthy(),
    );
  });

  test('another admin acted first: the 409 in French, the reason kept, the licence read again', async () => {
    const user = userEvent.setup();
    const answers = adminLicenceAnswers();
    suspendBehindTheBack(answers, 'lic-1');
    renderLicences(answers);
    const detail = await openFirst(user);
    await user.click(within(detail).getByRole('button', { name: 'Suspendre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre la licence' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Raison' }), 'Impayé');
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    expect(
      await within(dialog).findByText(
        `${messages.admin.licenceAlreadySuspended} ${messages.admin.licences.reloaded}`,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Raison' }).value).toBe(
      'Impayé',
    );
    // The fresh state: suspended by the other admin, with their reason, behind the dialog.
    await waitFor(() =>
      expect(within(dialog).getByText(messages.admin.licences.statusSuspended)).toBeTruthy(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    const fresh = screen.getByRole('region', { name: 'Licence boutique-marie.fr' });
    expect(within(fresh).getByText(/Autre admin/)).toBeTruthy();
  });

  test('transfers to another shop; a bad domain is said in French and nothing typed is lost', async () => {
    const user = userEvent.setup();
    renderLicences();
    const detail = await openFirst(user);
    await user.click(within(detail).getByRole('button', { name: 'Transférer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer la licence' });
    const shop = await within(dialog).findByRole('textbox', { name: 'Domaine Shopify' });
    await user.type(shop, 'pas un domaine');
    await user.type(within(dialog).getByRole('textbox', { name: 'Raison' }), 'Nouvelle boutique');
    await user.click(within(dialog).getByRole('button', { name: 'Transférer' }));
    expect(within(dialog).getByText(messages.validation.shopDomainInvalid)).toBeTruthy();
    expect((shop as HTMLInputElement).value).toBe('pas un domaine');
    await user.clear(shop);
    await user.type(shop, 'marie-deux');
    await user.click(within(dialog).getByRole('button', { name: 'Transférer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(detail).getByText('marie-deux.myshopify.com')).toBeTruthy();
  });

  test('deletes with a reason; focus goes to the results', async () => {
    const user = userEvent.setup();
    renderLicences();
    const detail = await openFirst(user);
    await user.click(within(detail).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer la licence' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Raison' }), 'Doublon');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('region', { name: /Licence boutique-marie/ })).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Voir boutique-marie.fr' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Résultats' })),
    );
  });

  test('creates a licence for a customer, then shows it', async () => {
    const user = userEvent.setup();
    renderLicences();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Créer une licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer une licence' });
    await user.type(
      await within(dialog).findByRole('textbox', { name: 'Identifiant du client' }),
      'cus-9',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Domaine personnalisé' }),
      'Nouvelle.fr',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Domaine Shopify' }), 'nouvelle');
    await user.type(within(dialog).getByRole('textbox', { name: 'Raison' }), 'Geste commercial');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    const created = await screen.findByRole('region', { name: 'Licence nouvelle.fr' });
    expect(within(created).getByText('nouvelle.myshopify.com')).toBeTruthy();
    expect(within(created).getByText('client@exemple.fr (cus-9)')).toBeTruthy();
  });

  test('a list that cannot load says so and offers to retry', async () => {
    const user = userEvent.setup();
    const answers = adminLicenceAnswers();
    const list = answers['GET /api/admin/licenses']!;
    let fail = true;
    answers['GET /api/admin/licenses'] = (request) =>
      fail ? networkFailure(request) : list(request);
    renderLicences(answers);
    expect(await screen.findByText(messages.admin.licences.loadError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
