import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { deferred } from '../auth/testing.ts';
import { licencesMachine } from './licences.machine.ts';
import type { Licence, LicencesOverview } from './licences.types.ts';
import { licenceReportOf } from './licences.report.ts';
import { licencesCommands, licencesView } from './licences.view.ts';

// 'Gestion des licences' as its view model gives it (docs/product.md#licences-tab), driven
// headless through the tab's own commands.

const licence = (id: string, domain: string, fields: Partial<Licence> = {}): Licence => ({
  _id: id,
  custom_domain: domain,
  shop_domain: `${domain.split('.')[0]}.myshopify.com`,
  theme_name: 'Portal',
  status: 'active',
  expires_at: '2027-03-15T10:00:00.000Z',
  ...fields,
});
const usage = (used: number, limit: number) => ({
  licensesUsed: used,
  licensesLimit: limit,
  licensesRemaining: Math.max(limit - used, 0),
});

function tab(overview: () => Promise<LicencesOverview>, save = async () => licence('l9', 'x.fr')) {
  const actor = createActor(
    licencesMachine.provide({
      actors: {
        fetchLicences: fromPromise(overview),
        createLicence: fromPromise(save),
        updateLicence: fromPromise(save),
        deleteLicence: fromPromise(async () => {}),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, view: () => licencesView(actor.getSnapshot()), ...licencesCommands(actor.send) };
}

const listed = (opened: ReturnType<typeof tab>) =>
  waitFor(opened.actor, (s) => s.matches({ list: 'ready' }));

describe('the usage card', () => {
  it('keeps its place while loading, then shows the figures and the badge', async () => {
    const answer = deferred<LicencesOverview>();
    const opened = tab(() => answer.promise);
    expect(opened.view().usageCard).toEqual({ kind: 'loading' });
    expect(opened.view().list).toMatchObject({ loading: true, shown: false, items: [] });
    answer.resolve({
      licences: [licence('l1', 'un.fr')],
      usage: usage(1, 3),
      subscription: 'active',
    });
    await listed(opened);
    expect(opened.view().usageCard).toEqual({
      kind: 'usage',
      badge: { kind: 'available', label: 'Disponible' },
      used: '1',
      limit: '3',
      remaining: '2',
      remainingHighlighted: true,
    });
    expect(opened.view().list.shown).toBe(true);
  });

  it("an unlimited plan (999) reads 'Illimité' for the limit and what remains", async () => {
    const opened = tab(async () => ({
      licences: [],
      usage: usage(4, 999),
      subscription: 'active',
    }));
    await listed(opened);
    expect(opened.view().usageCard).toMatchObject({
      badge: { kind: 'unlimited', label: 'Illimité' },
      used: '4',
      limit: 'Illimité',
      remaining: 'Illimité',
      remainingHighlighted: false,
    });
  });

  it("without access: 'Aucun abonnement actif' and why, never a limit of 0; adding says why", async () => {
    const opened = tab(async () => ({
      licences: [licence('l1', 'un.fr', { status: 'inactive' })],
      usage: usage(0, 0),
      subscription: 'trial_ended',
    }));
    await listed(opened);
    const reason = 'Votre essai gratuit est terminé : choisissez un plan pour continuer.';
    expect(opened.view().usageCard).toEqual({
      kind: 'noAccess',
      badge: 'Aucun abonnement actif',
      reason,
    });
    expect(opened.view().add).toEqual({
      unavailable: { reason, saidBy: 'noAccess' },
    });
    expect(opened.view().list.items[0]?.summary).toEqual({
      active: false,
      status: 'Inactive',
      expiry: '15 mars 2027',
    });
  });

  it('at the limit: the warning, and adding unavailable for that reason', async () => {
    const opened = tab(async () => ({
      licences: [licence('l1', 'un.fr')],
      usage: usage(1, 1),
      subscription: 'active',
    }));
    await listed(opened);
    const warning = 'Vous avez atteint la limite de 1 licence de votre abonnement.';
    expect(opened.view().list.limitWarning).toBe(warning);
    expect(opened.view().add.unavailable).toEqual({ reason: warning, saidBy: 'limitWarning' });
  });
});

describe("each row's report (what the theme reported)", () => {
  it('hands each row the latest release and the subscription, and says a suspension', async () => {
    const suspended = licence('l2', 'deux.fr', {
      suspended_at: '2026-11-20T09:00:00.000Z',
      suspension_reason: 'Paiement contesté',
    });
    const opened = tab(async () => ({
      licences: [licence('l1', 'un.fr'), suspended],
      usage: usage(2, 3),
      subscription: 'past_due',
      latestVersion: '2.1.0',
    }));
    expect(opened.view().list.report).toEqual({ latestVersion: null, subscription: null });
    await listed(opened);
    const { list } = opened.view();
    expect(list.report).toEqual({ latestVersion: '2.1.0', subscription: 'past_due' });
    expect(licenceReportOf(list.items[1]!.licence, list.report, Date.now()).status.text).toBe(
      'Suspendue : Paiement contesté',
    );
    expect(list.items[1]?.summary).toMatchObject({ active: false, status: 'Suspendue' });
  });
});

describe('the modals', () => {
  it("create: 'Ajouter une licence', then 'Enregistrement…' while it is saved", async () => {
    const saved = deferred<Licence>();
    const opened = tab(
      async () => ({ licences: [], usage: usage(0, 3), subscription: 'active' }),
      () => saved.promise,
    );
    await listed(opened);
    expect(opened.view()).toMatchObject({ modal: 'closed', form: null, deletion: null });
    opened.addLicence();
    expect(opened.view().form).toMatchObject({
      title: 'Ajouter une licence',
      values: { custom_domain: '', shop_domain: '' },
      readOnly: false,
      submit: { label: 'Enregistrer', pending: false },
    });
    opened.change('custom_domain', 'boutique.fr');
    opened.change('shop_domain', 'boutique');
    opened.save();
    expect(opened.view().form).toMatchObject({
      readOnly: true,
      submit: { label: 'Enregistrement…', pending: true },
    });
  });

  it("edit is 'Modifier la licence'; delete names the domain and says 'Suppression…'", async () => {
    const one = licence('l1', 'un.fr');
    const opened = tab(async () => ({
      licences: [one],
      usage: usage(1, 3),
      subscription: 'active',
    }));
    await listed(opened);
    opened.editLicence(one);
    expect(opened.view().form?.title).toBe('Modifier la licence');
    opened.cancel();
    opened.deleteLicence(one);
    expect(opened.view().deletion).toEqual({
      domain: 'un.fr',
      error: null,
      confirm: { label: 'Supprimer', pending: false },
    });
    opened.confirmDelete();
    expect(opened.view().deletion?.confirm).toEqual({ label: 'Suppression…', pending: true });
  });
});
