import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { deferred, futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { createLicencesImplementations } from './licences.actors.ts';
import { licencesMachine } from './licences.machine.ts';
import {
  selectIsDeletingLicence,
  selectIsRemainingHighlighted,
  selectIsSavingLicence,
  selectLicenceFieldErrors,
  selectLicenceForm,
  selectLicenceModalError,
  selectLicences,
  selectLicencesLoadError,
  selectLimitWarning,
  selectModal,
  selectUsageBadge,
} from './licences.selectors.ts';
import type { ActorName, PromiseFake } from '../machine-kit.ts';
import type { Licence, LicenceUsage } from './licences.types.ts';

const licence: Licence = {
  _id: 'l1',
  custom_domain: 'boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  theme_name: 'Portal',
  status: 'active',
  expires_at: null,
};
const usage = (licensesUsed: number, licensesLimit: number): LicenceUsage => ({
  licensesUsed,
  licensesLimit,
  licensesRemaining: Math.max(licensesLimit - licensesUsed, 0),
});

type Fake<Name extends ActorName<typeof licencesMachine>> = PromiseFake<
  typeof licencesMachine,
  Name
>;

interface Fakes {
  fetch?: Fake<'fetchLicences'>;
  create?: Fake<'createLicence'>;
  update?: Fake<'updateLicence'>;
  remove?: Fake<'deleteLicence'>;
}

function start(fakes: Fakes = {}) {
  const spies = {
    notify: vi.fn(),
    fetch: vi.fn(fakes.fetch ?? (async () => ({ licences: [licence], usage: usage(1, 3) }))),
    create: vi.fn(fakes.create ?? (async () => licence)),
    update: vi.fn(fakes.update ?? (async () => licence)),
    remove: vi.fn(fakes.remove ?? (async () => undefined)),
  };
  const machine = licencesMachine.provide({
    actors: {
      fetchLicences: fromPromise(({ input }) => spies.fetch(input)),
      createLicence: fromPromise(({ input }) => spies.create(input)),
      updateLicence: fromPromise(({ input }) => spies.update(input)),
      deleteLicence: fromPromise(({ input }) => spies.remove(input)),
    },
    actions: { notify: (_, params) => spies.notify(params) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  return { actor, spies };
}

async function ready(fakes: Fakes = {}) {
  const started = start(fakes);
  await waitFor(started.actor, (s) => s.matches({ list: 'ready' }));
  return started;
}

function fill(actor: ReturnType<typeof start>['actor'], custom: string, shop: string) {
  actor.send({ type: 'licence.change', field: 'custom_domain', value: custom });
  actor.send({ type: 'licence.change', field: 'shop_domain', value: shop });
}

describe('licence list and usage', () => {
  it('loads licences and usage', async () => {
    const { actor } = await ready();
    expect(selectLicences(actor.getSnapshot())).toEqual([licence]);
    expect(selectUsageBadge(actor.getSnapshot())).toEqual({
      kind: 'available',
      label: 'Disponible',
    });
  });

  it("shows 'Erreur lors du chargement.' and reloads on demand", async () => {
    let fail = true;
    const { actor } = start({
      fetch: async () => {
        if (fail) throw new ApiError({ kind: 'network', status: 0 });
        return { licences: [], usage: usage(0, 1) };
      },
    });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(selectLicencesLoadError(actor.getSnapshot())).toBe('Erreur lors du chargement.');
    fail = false;
    actor.send({ type: 'licences.reload' });
    expect(selectLicencesLoadError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  });

  it.each([
    [usage(5, 999), 'unlimited', 'Illimité'],
    [usage(3, 3), 'limitReached', 'Limite atteinte'],
    [usage(4, 3), 'limitReached', 'Limite atteinte'],
    [usage(2, 3), 'available', 'Disponible'],
    [usage(0, 10), 'available', 'Disponible'],
  ])('badge for %o is %s (%s)', async (current, kind, label) => {
    const { actor } = await ready({ fetch: async () => ({ licences: [], usage: current }) });
    expect(selectUsageBadge(actor.getSnapshot())).toEqual({ kind, label });
  });

  it.each([
    [usage(8, 10), true],
    [usage(7, 10), false],
    [usage(10, 10), true],
    [{ licensesUsed: 0, licensesLimit: 999, licensesRemaining: 999 }, false],
  ])('remaining of %o highlighted: %s (at <= 2)', async (current, highlighted) => {
    const { actor } = await ready({ fetch: async () => ({ licences: [], usage: current }) });
    expect(selectIsRemainingHighlighted(actor.getSnapshot())).toBe(highlighted);
  });
});

describe('adding at the limit', () => {
  it('refuses licence.add with the limit warning', async () => {
    const { actor } = await ready({
      fetch: async () => ({ licences: [licence], usage: usage(3, 3) }),
    });
    expect(actor.getSnapshot().can({ type: 'licence.add' })).toBe(false);
    expect(selectLimitWarning(actor.getSnapshot())).toBe(
      'Vous avez atteint la limite de 3 licences de votre abonnement.',
    );
    actor.send({ type: 'licence.add' });
    expect(selectModal(actor.getSnapshot())).toBe('closed');
  });

  it('allows it under the limit and when unlimited, without a warning', async () => {
    for (const current of [usage(2, 3), usage(1000, 999)]) {
      const { actor } = await ready({ fetch: async () => ({ licences: [], usage: current }) });
      expect(selectLimitWarning(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'licence.add' });
      expect(selectModal(actor.getSnapshot())).toBe('create');
    }
  });
});

describe('create and edit modal', () => {
  it('validates every field and keeps the typed values', async () => {
    const { actor, spies } = await ready();
    actor.send({ type: 'licence.add' });
    actor.send({ type: 'licence.submit' });
    expect(selectLicenceFieldErrors(actor.getSnapshot())).toEqual({
      custom_domain: 'Le domaine personnalisé est requis',
      shop_domain: 'Le domaine Shopify est requis',
    });
    fill(actor, '-boutique.fr', 'ma boutique');
    actor.send({ type: 'licence.submit' });
    expect(selectLicenceFieldErrors(actor.getSnapshot())).toEqual({
      custom_domain: "Le format du domaine personnalisé n'est pas valide",
      shop_domain: "Le format du domaine Shopify n'est pas valide",
    });
    expect(selectLicenceForm(actor.getSnapshot())).toEqual({
      custom_domain: '-boutique.fr',
      shop_domain: 'ma boutique',
    });
    expect(spies.create).not.toHaveBeenCalled();
  });

  it('creates without _id, appends .myshopify.com, notifies, closes and reloads', async () => {
    const saving = deferred<Licence>();
    const { actor, spies } = await ready({ create: () => saving.promise });
    actor.send({ type: 'licence.add' });
    fill(actor, ' Boutique.FR ', 'Ma-Boutique');
    actor.send({ type: 'licence.submit' });
    expect(selectIsSavingLicence(actor.getSnapshot())).toBe(true);
    expect(spies.create).toHaveBeenCalledWith({
      mode: 'create',
      values: { custom_domain: 'boutique.fr', shop_domain: 'ma-boutique.myshopify.com' },
    });
    expect(spies.create.mock.calls[0]?.[0]).not.toHaveProperty('_id');
    // Submit while submitting is refused.
    expect(actor.getSnapshot().can({ type: 'licence.submit' })).toBe(false);
    actor.send({ type: 'licence.submit' });
    expect(actor.getSnapshot().can({ type: 'licence.cancel' })).toBe(false);
    saving.resolve(licence);
    await waitFor(actor, (s) => s.matches({ modal: 'closed' }));
    expect(spies.create).toHaveBeenCalledTimes(1);
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Licence créée avec succès',
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(spies.fetch).toHaveBeenCalledTimes(2);
    expect(selectLicenceForm(actor.getSnapshot())).toEqual({ custom_domain: '', shop_domain: '' });
  });

  it('edits with the licence _id and says so', async () => {
    const { actor, spies } = await ready();
    actor.send({ type: 'licence.edit', licence });
    expect(selectModal(actor.getSnapshot())).toBe('edit');
    expect(selectLicenceForm(actor.getSnapshot())).toEqual({
      custom_domain: 'boutique.fr',
      shop_domain: 'boutique.myshopify.com',
    });
    actor.send({ type: 'licence.change', field: 'custom_domain', value: 'nouveau.fr' });
    actor.send({ type: 'licence.submit' });
    expect(spies.update).toHaveBeenCalledWith({
      mode: 'edit',
      _id: 'l1',
      values: { custom_domain: 'nouveau.fr', shop_domain: 'boutique.myshopify.com' },
    });
    await waitFor(actor, (s) => s.matches({ modal: 'closed' }));
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Licence modifiée avec succès',
    });
    expect(spies.create).not.toHaveBeenCalled();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(spies.fetch).toHaveBeenCalledTimes(2);
  });

  it('cancels without saving and opens the next create form empty', async () => {
    const { actor, spies } = await ready();
    actor.send({ type: 'licence.edit', licence });
    actor.send({ type: 'licence.cancel' });
    expect(selectModal(actor.getSnapshot())).toBe('closed');
    actor.send({ type: 'licence.add' });
    expect(selectLicenceForm(actor.getSnapshot())).toEqual({ custom_domain: '', shop_domain: '' });
    expect(spies.update).not.toHaveBeenCalled();
  });

  const byStatus: [number, string][] = [
    [409, 'Une licence avec ce domaine existe déjà'],
    [400, 'Les données fournies sont invalides'],
    [403, "Vous n'avez pas les permissions pour effectuer cette action"],
    [404, 'Licence introuvable'],
    [500, "Une erreur inattendue s'est produite. Veuillez réessayer."],
    [0, "Une erreur inattendue s'est produite. Veuillez réessayer."],
  ];

  it.each(byStatus)('a %i answer shows %s and keeps the typed values', async (status, text) => {
    const { actor, spies } = await ready({
      create: () =>
        Promise.reject(new ApiError({ kind: status === 0 ? 'network' : 'http', status })),
    });
    actor.send({ type: 'licence.add' });
    fill(actor, 'boutique.fr', 'boutique');
    actor.send({ type: 'licence.submit' });
    await waitFor(actor, (s) => s.matches({ modal: { form: 'editing' } }));
    expect(selectLicenceModalError(actor.getSnapshot())).toBe(text);
    expect(selectLicenceForm(actor.getSnapshot())).toEqual({
      custom_domain: 'boutique.fr',
      shop_domain: 'boutique',
    });
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.fetch).toHaveBeenCalledTimes(1);
  });

  it("prefers the server's message, and a non-HTTP failure is unexpected", async () => {
    const failures = [
      new ApiError({ kind: 'http', status: 409, data: { message: 'Domaine déjà pris' } }),
      new TypeError('boom'),
    ];
    const { actor } = await ready({ update: () => Promise.reject(failures.shift()) });
    actor.send({ type: 'licence.edit', licence });
    actor.send({ type: 'licence.submit' });
    await waitFor(actor, (s) => s.context.modalError !== null);
    expect(selectLicenceModalError(actor.getSnapshot())).toBe('Domaine déjà pris');
    actor.send({ type: 'licence.submit' });
    expect(selectLicenceModalError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.context.modalError !== null);
    expect(selectLicenceModalError(actor.getSnapshot())).toBe(
      "Une erreur inattendue s'est produite. Veuillez réessayer.",
    );
  });
});

describe('delete confirmation', () => {
  it('asks, deletes with a loading state, notifies, closes and reloads', async () => {
    const removing = deferred<void>();
    const { actor, spies } = await ready({ remove: () => removing.promise });
    actor.send({ type: 'licence.delete', licence });
    expect(selectModal(actor.getSnapshot())).toBe('delete');
    expect(spies.remove).not.toHaveBeenCalled();
    actor.send({ type: 'licence.confirmDelete' });
    expect(selectIsDeletingLicence(actor.getSnapshot())).toBe(true);
    expect(spies.remove).toHaveBeenCalledWith({ _id: 'l1' });
    expect(actor.getSnapshot().can({ type: 'licence.confirmDelete' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'licence.cancel' })).toBe(false);
    removing.resolve();
    await waitFor(actor, (s) => s.matches({ modal: 'closed' }));
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Licence supprimée avec succès',
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(spies.fetch).toHaveBeenCalledTimes(2);
  });

  it('can be cancelled', async () => {
    const { actor, spies } = await ready();
    actor.send({ type: 'licence.delete', licence });
    actor.send({ type: 'licence.cancel' });
    expect(selectModal(actor.getSnapshot())).toBe('closed');
    expect(spies.remove).not.toHaveBeenCalled();
  });

  it('shows the error by status and stays open', async () => {
    const { actor, spies } = await ready({
      remove: () => Promise.reject(new ApiError({ kind: 'http', status: 404 })),
    });
    actor.send({ type: 'licence.delete', licence });
    actor.send({ type: 'licence.confirmDelete' });
    await waitFor(actor, (s) => s.matches({ modal: { confirmingDelete: 'asking' } }));
    expect(selectLicenceModalError(actor.getSnapshot())).toBe('Licence introuvable');
    expect(spies.fetch).toHaveBeenCalledTimes(1);
  });

  it('opens no second modal while one is open', async () => {
    const { actor } = await ready();
    actor.send({ type: 'licence.delete', licence });
    expect(actor.getSnapshot().can({ type: 'licence.add' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'licence.edit', licence })).toBe(false);
  });
});

describe('createLicencesImplementations over the portal client', () => {
  it('uses the contract paths and bodies', async () => {
    const { client, requests } = scriptedClient({
      'GET /api/client/licenses': {
        status: 200,
        body: { licenses: [licence], latest_version: '2.1.0' },
      },
      'GET /api/client/subscription/current': {
        status: 200,
        body: { hasSubscription: true, subscription: null, usage: usage(1, 3) },
      },
      'POST /api/client/licenses': { status: 201, body: { message: 'ok', license: licence } },
      'PUT /api/client/licenses/l1': { status: 409, body: { message: 'Domaine déjà pris' } },
      'DELETE /api/client/licenses/l1': { status: 200, body: { message: 'ok' } },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const notify = vi.fn();
    const actor = createActor(
      licencesMachine.provide(createLicencesImplementations({ client, notify })),
    );
    actor.start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(selectLicences(actor.getSnapshot())).toEqual([licence]);
    expect(actor.getSnapshot().context.latestVersion).toBe('2.1.0');

    actor.send({ type: 'licence.add' });
    fill(actor, 'boutique.fr', 'boutique');
    actor.send({ type: 'licence.submit' });
    await waitFor(actor, (s) => s.matches({ modal: 'closed', list: 'ready' }));
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'Licence créée avec succès' });

    actor.send({ type: 'licence.edit', licence });
    actor.send({ type: 'licence.submit' });
    await waitFor(actor, (s) => s.context.modalError !== null);
    expect(selectLicenceModalError(actor.getSnapshot())).toBe('Domaine déjà pris');
    actor.send({ type: 'licence.cancel' });

    actor.send({ type: 'licence.delete', licence });
    actor.send({ type: 'licence.confirmDelete' });
    await waitFor(actor, (s) => s.matches({ modal: 'closed', list: 'ready' }));

    const calls = requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain('POST /api/client/licenses');
    expect(calls).toContain('PUT /api/client/licenses/l1');
    expect(calls).toContain('DELETE /api/client/licenses/l1');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      custom_domain: 'boutique.fr',
      shop_domain: 'boutique.myshopify.com',
    });
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(licencesMachine, { inspect: (event) => seen.push(event.type) });
  actor.start();
  actor.send({ type: 'licence.add' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});
