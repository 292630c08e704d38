import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { SimulatedClock } from 'xstate';
import { messages, type Licence } from '@portal/core';
import { renderPage, type TestOptions } from '../../../../testing/render.tsx';
import {
  json,
  networkFailure,
  never,
  type SampleAnswers,
  type SampleRequest,
} from '../../../../testing/sampleBackend.ts';
import {
  sampleCanceledSubscription,
  sampleInactiveLicence,
  sampleLicences,
  sampleSubscription,
  sampleTrialEndedSubscription,
  subscriptionWith,
} from '../../../../testing/sampleData.ts';
import { LicencesPanel } from './LicencesPanel.tsx';

const licence: Licence = {
  _id: 'l1',
  custom_domain: 'boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  theme_name: 'Thème Boutique',
  status: 'active',
  expires_at: '2027-01-15T10:00:00.000Z',
};

const listCall = 'GET /api/client/licenses';
const currentCall = 'GET /api/client/subscription/current';

/** The list and the usage the backend answers (the usage comes with the current subscription). */
const overview = (used: number, limit: number, licences = [licence]): SampleAnswers => ({
  [listCall]: () => json({ licenses: licences }),
  [currentCall]: () =>
    json({
      ...sampleSubscription,
      usage: {
        licensesUsed: used,
        licensesLimit: limit,
        licensesRemaining: Math.max(limit - used, 0),
      },
    }),
});

function renderLicences(answers: SampleAnswers = overview(1, 3)) {
  return renderPage(<LicencesPanel />, '/dashboard', { signedIn: true, answers });
}

describe('Gestion des licences', () => {
  test('loading, then the list with every field and the expiry in fr-FR', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const loaded = overview(1, 3);
    renderLicences({
      ...loaded,
      [listCall]: async (request) => {
        await answered;
        return loaded[listCall]!(request);
      },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Gestion des licences' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Chargement des licences…' })).toBeTruthy();
    // The usage card holds its place while loading, so the list does not jump when it fills.
    const card = screen.getByRole('heading', { level: 3, name: 'Utilisation des licences' });
    expect(card.closest('[aria-busy="true"]')).not.toBeNull();
    answer();
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
    const { unmount } = renderLicences(overview(1, 3));
    expect(await screen.findByText('Disponible')).toBeTruthy();
    expect(screen.getByText('Restantes').parentElement?.hasAttribute('data-highlighted')).toBe(
      true,
    );
    unmount();
    renderLicences(overview(2, 5));
    expect(await screen.findByText('Disponible')).toBeTruthy();
    expect(screen.getByText('Restantes').parentElement?.hasAttribute('data-highlighted')).toBe(
      false,
    );
  });

  test("at the limit: 'Limite atteinte', the warning, and the add button disabled", async () => {
    const user = userEvent.setup();
    renderLicences(overview(3, 3));
    expect(await screen.findByText('Limite atteinte')).toBeTruthy();
    // The warning comes with the list, at a lower priority than the usage card (a deferred render).
    expect(await screen.findByText(messages.licences.limitWarning(3))).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Ajouter une licence' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("'Illimité' at 999", async () => {
    renderLicences(overview(4, 999));
    expect((await screen.findAllByText('Illimité')).length).toBeGreaterThan(0);
  });

  test('the empty state says what to do next', async () => {
    renderLicences(overview(0, 3, []));
    expect(await screen.findByText('Vous n’avez encore aucune licence.')).toBeTruthy();
    expect(screen.getByText(/Cliquez sur « Ajouter une licence »/)).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement.' and 'Réessayer' loads again", async () => {
    const user = userEvent.setup();
    let fail = true;
    const loaded = overview(1, 3);
    renderLicences({
      ...loaded,
      [listCall]: (request) => (fail ? networkFailure(request) : loaded[listCall]!(request)),
    });
    expect(await screen.findByText(messages.licences.loadError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'boutique.fr' })).toBeTruthy();
  });

  test('create: field errors, a 409 keeps the typed values, then success is notified', async () => {
    const user = userEvent.setup();
    const attempts: unknown[] = [];
    const { notification } = renderLicences({
      ...overview(1, 3),
      'POST /api/client/licenses': ({ body }) => {
        attempts.push(body);
        if (attempts.length === 1) return json({}, 409);
        return json({ message: 'Licence créée', license: licence }, 201);
      },
    });
    const add = await screen.findByRole('button', { name: 'Ajouter une licence' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une licence' });
    // Not disabled behind its dialog: a disabled button loses focus, and the dialog, when its
    // code came late, would have nothing to give it back to.
    expect(add.hasAttribute('disabled')).toBe(false);
    // The dialog shows with its title first, its form just after (ui/Modal.tsx).
    await user.click(await within(dialog).findByRole('button', { name: 'Enregistrer' }));
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
    // A creation (POST), normalised in the payload only.
    expect(attempts[0]).toEqual({ custom_domain: 'deja.fr', shop_domain: 'deja.myshopify.com' });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notification()).toEqual({ type: 'success', message: messages.licences.created });
    // Focus goes back to the button that opened the modal.
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  test('edit opens with the licence values and saves them by _id', async () => {
    const user = userEvent.setup();
    const saves: unknown[] = [];
    const { notification } = renderLicences({
      ...overview(1, 3),
      'PUT /api/client/licenses/:id': ({ params, body }: SampleRequest) => {
        saves.push({ _id: params.id, values: body });
        return json({ message: 'Licence modifiée', license: licence });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier boutique.fr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la licence' });
    const custom = (await within(dialog).findByLabelText(
      'Domaine personnalisé',
    )) as HTMLInputElement;
    expect(custom.value).toBe('boutique.fr');
    await user.clear(custom);
    await user.type(custom, 'nouveau.fr');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves).toEqual([
      {
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
    const { notification } = renderLicences({
      ...overview(1, 3),
      [listCall]: () => json({ licenses: deleted.length ? [] : [licence] }),
      'DELETE /api/client/licenses/:id': ({ params }) => {
        deleted.push(params.id ?? '');
        return new Promise<Response>(
          (resolve) => (finish = () => resolve(new Response(null, { status: 204 }))),
        );
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer boutique.fr' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer la licence' });
    expect(await within(dialog).findByText('boutique.fr')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('button', { name: /Suppression/ })).toBeTruthy();
    expect(deleted).toEqual(['l1']);
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
    const { backend } = renderLicences({
      ...overview(1, 3),
      'DELETE /api/client/licenses/:id': ({ params }) => {
        deleted.push(params.id ?? '');
        return never<Response>();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer boutique.fr' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toEqual([]);
    expect(backend.calls).not.toContain('DELETE /api/client/licenses/l1');
  });

  test('right after a save closes the modal, no image role is left without a name', async () => {
    const user = userEvent.setup();
    renderPage(<LicencesPanel />, '/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une licence' });
    await user.type(await within(dialog).findByLabelText('Domaine personnalisé'), 'nouvelle.fr');
    await user.type(within(dialog).getByLabelText('Domaine Shopify'), 'nouvelle');
    // The focused save button goes pending, then its modal closes with it.
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const results = await axe.run(document.body, {
      runOnly: ['role-img-alt', 'aria-valid-attr-value'],
      resultTypes: ['violations'],
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('the list and the limit warning come after the rest of the panel (a deferred render): never the empty state meanwhile, never the warning above the loading state', async () => {
    const shown: string[] = [];
    // Every state the list's section goes through, as the DOM shows it.
    const observer = new MutationObserver(() => {
      const section = document.querySelector('.licences-list');
      if (section === null) return;
      const body = section.querySelector('.licence-items')
        ? 'list'
        : section.querySelector('.empty-state')
          ? 'empty'
          : section.querySelector('.ui-spinner')
            ? 'loading'
            : 'other';
      const state = section.querySelector('.panel-warning') ? `${body} + warning` : body;
      if (shown.at(-1) !== state) shown.push(state);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    renderLicences(overview(1, 1));
    expect(await screen.findByRole('article', { name: 'boutique.fr' })).toBeTruthy();
    observer.disconnect();
    // The warning pushing the loading state down was a layout shift (docs/performance.md: CLS).
    expect(
      shown.filter((state) => state.startsWith('empty') || state === 'loading + warning'),
    ).toEqual([]);
    expect(shown.at(-1)).toBe('list + warning');
  });

  test("the bench's 'licences-visible' mark: once, when the list first shows with data, not on a failed load", async () => {
    const user = userEvent.setup();
    const marks = () => performance.getEntriesByName('licences-visible', 'mark');
    performance.clearMarks('licences-visible');
    let fail = true;
    const loaded = overview(1, 3);
    renderLicences({
      ...loaded,
      [listCall]: (request) => (fail ? networkFailure(request) : loaded[listCall]!(request)),
    });
    expect(await screen.findByText(messages.licences.loadError)).toBeTruthy();
    expect(marks()).toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'boutique.fr' })).toBeTruthy();
    expect(marks()).toHaveLength(1);
    performance.clearMarks('licences-visible');
  });
});

describe('Gestion des licences without a subscription giving access', () => {
  function renderWith(options: TestOptions) {
    return renderPage(<LicencesPanel />, '/dashboard?tab=licences', { signedIn: true, ...options });
  }

  test("a trial that ended: 'Aucun abonnement actif', its reason, 'Choisir un plan', the licences inactive", async () => {
    const user = userEvent.setup();
    renderWith({ initial: { subscription: sampleTrialEndedSubscription } });
    const usageCard = await screen.findByText(messages.subscription.noActiveSubscription);
    const card = usageCard.closest('.usage-card') as HTMLElement;
    expect(within(card).getByText(messages.subscriptionRules.trialEnded)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Choisir un plan' }).getAttribute('href')).toBe(
      '/dashboard?tab=subscription&section=formules',
    );
    // No 'limite de 0' and no figures of a limit that does not exist.
    expect(screen.queryByText(/limite de 0/)).toBeNull();
    expect(within(card).queryByText('Limite')).toBeNull();
    for (const domain of ['boutique-exemple.fr', 'atelier-cuir.com'])
      expect(
        within(await screen.findByRole('article', { name: domain })).getByText(
          messages.licences.statusInactive,
        ),
      ).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Ajouter une licence' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('an empty list does not invite to press the disabled button: why, and Mon abonnement', async () => {
    renderWith({ initial: { subscription: sampleCanceledSubscription, licences: [] } });
    expect(await screen.findByText(messages.subscriptionRules.subscriptionEnded)).toBeTruthy();
    // The list comes at a lower priority than the usage card (a deferred render).
    expect(await screen.findByText('Vous n’avez encore aucune licence.')).toBeTruthy();
    expect(screen.queryByText(/Cliquez sur « Ajouter une licence »/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Mon abonnement' }).getAttribute('href')).toBe(
      '/dashboard?tab=subscription&section=formules',
    );
  });

  test("a licence left out by a plan change shows 'Inactive' beside the active ones", async () => {
    renderWith({ initial: { licences: [...sampleLicences, sampleInactiveLicence] } });
    expect(
      within(await screen.findByRole('article', { name: 'ancienne-boutique.fr' })).getByText(
        messages.licences.statusInactive,
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'atelier-cuir.com' })).getByText(
        messages.licences.statusActive,
      ),
    ).toBeTruthy();
  });
});

describe("each licence's report (what the theme reported)", () => {
  // The services' clock: the report never reads the wall clock.
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const reported: Licence = {
    ...licence,
    last_seen_at: ago(5),
    last_seen_host: 'www.boutique.fr',
    last_seen_version: '2.0.0',
  };

  function renderReports(licences: Licence[], current = subscriptionWith({})) {
    const clock = new SimulatedClock();
    clock.set(now);
    return renderPage(<LicencesPanel />, '/dashboard', {
      signedIn: true,
      clock,
      answers: {
        [listCall]: () => json({ licenses: licences, latest_version: '2.1.0' }),
        [currentCall]: () => json(current),
      },
    });
  }

  test("'Vérifiée il y a 5 minutes', the host and version, and the update with its notes", async () => {
    const { container } = renderReports([reported]);
    const item = await screen.findByRole('article', { name: 'boutique.fr' });
    expect(await within(item).findByText('Vérifiée il y a 5 minutes')).toBeTruthy();
    expect(within(item).getByText('Sur www.boutique.fr, version 2.0.0')).toBeTruthy();
    expect(
      within(item).getByText('Active : le thème est autorisé sur cette boutique.'),
    ).toBeTruthy();
    expect(within(item).getByText(/Mise à jour disponible : version 2\.1\.0/)).toBeTruthy();
    expect(
      within(item).getByRole('link', { name: 'Voir les nouveautés' }).getAttribute('href'),
    ).toBe('/dashboard?tab=themes#version-2.1.0');
    expect((await axe.run(container)).violations).toEqual([]);
  });

  test("a theme on the latest version is 'Version à jour'; one that never reported says so", async () => {
    const never: Licence = { ...licence, _id: 'l2', custom_domain: 'jamais.fr' };
    renderReports([{ ...reported, last_seen_version: '2.1.0' }, never]);
    const item = await screen.findByRole('article', { name: 'boutique.fr' });
    expect(await within(item).findByText('Version à jour')).toBeTruthy();
    expect(within(item).queryByText(/Mise à jour disponible/)).toBeNull();
    const silent = screen.getByRole('article', { name: 'jamais.fr' });
    expect(
      await within(silent).findByText('Le thème ne s’est pas encore manifesté sur cette boutique.'),
    ).toBeTruthy();
    expect(within(silent).queryByText(/^Sur /)).toBeNull();
  });

  test('a suspended licence says so in its badge and its reason in its report', async () => {
    renderReports([{ ...reported, suspended_at: ago(60), suspension_reason: 'Paiement contesté' }]);
    const item = await screen.findByRole('article', { name: 'boutique.fr' });
    expect(await within(item).findByText('Suspendue : Paiement contesté')).toBeTruthy();
    expect(within(item).getByText(messages.licences.statusSuspended)).toBeTruthy();
  });

  test('trial, grace and an ended subscription in words', async () => {
    const trial = renderReports([reported], subscriptionWith({ status: 'trialing' }));
    expect(await screen.findByText('Active pendant votre essai gratuit.')).toBeTruthy();
    trial.unmount();
    const grace = renderReports([reported], subscriptionWith({ status: 'past_due' }));
    expect(await screen.findByText(/^Active en période de grâce/)).toBeTruthy();
    grace.unmount();
    renderReports([{ ...reported, status: 'inactive' }], sampleCanceledSubscription);
    expect(await screen.findByText('Inactive : votre abonnement est terminé.')).toBeTruthy();
  });

  test("the row keeps its report's place before the report comes", async () => {
    renderReports([reported]);
    const item = await screen.findByRole('article', { name: 'boutique.fr' });
    expect(item.querySelector('.licence-item__report')).not.toBeNull();
  });
});
