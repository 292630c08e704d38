import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { deferred, futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { createProfileImplementations } from './profile.actors.ts';
import { profileMachine } from './profile.machine.ts';
import {
  selectIsEditingProfile,
  selectIsSavingProfile,
  selectProfileFieldErrors,
  selectProfileForm,
  selectProfileLoadError,
  selectProfileSaveError,
  selectProfileUser,
} from './profile.selectors.ts';
import { profileView } from './profile.view.ts';
import type { PromiseFake } from '../machine-kit.ts';
import type { ProfileUpdate } from './profile.types.ts';

const customer: AuthUser = {
  _id: 'c1',
  first_name: 'Jeanne',
  last_name: 'Martin',
  email: 'jeanne@boutique.fr',
  phone: null,
  company_name: 'Boutique SARL',
  shop_domain: 'boutique.myshopify.com',
};
const subscribed = {
  hasSubscription: true,
  subscription: { name: 'Scale', price: 39.99 },
  usage: { licensesUsed: 1, licensesLimit: 3, licensesRemaining: 2 },
};

function start(options: {
  fetch?: PromiseFake<typeof profileMachine, 'fetchProfile'>;
  update?: PromiseFake<typeof profileMachine, 'updateProfile'>;
}) {
  const spies = {
    notify: vi.fn(),
    announceUser: vi.fn(),
    fetch: vi.fn(options.fetch ?? (async () => ({ user: customer, subscription: subscribed }))),
    update: vi.fn(
      options.update ?? (async (payload: ProfileUpdate) => ({ ...customer, ...payload })),
    ),
  };
  const machine = profileMachine.provide({
    actors: {
      fetchProfile: fromPromise(({ input }) => spies.fetch(input)),
      updateProfile: fromPromise(({ input }) => spies.update(input)),
    },
    actions: {
      notify: (_, params) => spies.notify(params),
      announceUser: (_, params) => spies.announceUser(params.user),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  return { actor, spies };
}

async function editing(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  await waitFor(started.actor, (s) => s.matches('viewing'));
  started.actor.send({ type: 'profile.edit' });
  return started;
}

describe('profile loading', () => {
  it('loads the profile and the subscription', async () => {
    const { actor } = start({});
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(selectProfileUser(actor.getSnapshot())).toEqual(customer);
    expect(profileView(actor.getSnapshot(), Date.now()).subscription).toMatchObject({
      badge: { label: 'Actif', tone: 'success' },
      givesAccess: true,
      detail: null,
    });
  });

  it("badge is 'Inactif' with 'Aucun abonnement' without a subscription", async () => {
    const { actor } = start({
      fetch: async () => ({
        user: customer,
        subscription: { ...subscribed, hasSubscription: false, subscription: null },
      }),
    });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(profileView(actor.getSnapshot(), Date.now()).subscription).toEqual({
      badge: { label: 'Inactif', tone: 'accent' },
      givesAccess: false,
      detail: 'Aucun abonnement',
      trialLine: null,
      planName: null,
      figures: null,
    });
  });

  it("shows 'Erreur lors du chargement des informations.' and reloads", async () => {
    let fail = true;
    const { actor } = start({
      fetch: async () => {
        if (fail) throw new ApiError({ kind: 'http', status: 500 });
        return { user: customer, subscription: subscribed };
      },
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectProfileLoadError(actor.getSnapshot())).toBe(
      'Erreur lors du chargement des informations.',
    );
    fail = false;
    actor.send({ type: 'profile.reload' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(selectProfileLoadError(actor.getSnapshot())).toBeNull();
  });
});

describe('profile editing', () => {
  it('starts from the profile, keeps the email read-only and cancels back to view', async () => {
    const { actor } = await editing();
    expect(selectIsEditingProfile(actor.getSnapshot())).toBe(true);
    expect(selectProfileForm(actor.getSnapshot())).toEqual({
      first_name: 'Jeanne',
      last_name: 'Martin',
      email: 'jeanne@boutique.fr',
      shop_domain: 'boutique.myshopify.com',
      phone: '',
      company_name: 'Boutique SARL',
    });
    expect(
      actor.getSnapshot().can({ type: 'profile.change', field: 'email', value: 'x@y.fr' }),
    ).toBe(false);
    actor.send({ type: 'profile.change', field: 'email', value: 'x@y.fr' });
    expect(selectProfileForm(actor.getSnapshot()).email).toBe('jeanne@boutique.fr');
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().value).toBe('viewing');
  });

  it('validates with the profile rules and sends nothing when invalid', async () => {
    const { actor, spies } = await editing();
    actor.send({ type: 'profile.change', field: 'first_name', value: 'J' });
    actor.send({ type: 'profile.change', field: 'shop_domain', value: ' ' });
    actor.send({ type: 'profile.change', field: 'phone', value: '0612' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectProfileFieldErrors(actor.getSnapshot())).toEqual({
      first_name: 'Le prénom doit contenir entre 2 et 50 caractères',
      shop_domain: 'Le domaine est requis',
      phone: 'Format de téléphone invalide',
    });
    expect(spies.update).not.toHaveBeenCalled();
  });

  it('saves a trimmed payload without empty fields, notifies and announces the user', async () => {
    const saving = deferred<AuthUser>();
    const { actor, spies } = await editing({ update: () => saving.promise });
    actor.send({ type: 'profile.change', field: 'first_name', value: '  Zoé ' });
    actor.send({ type: 'profile.change', field: 'company_name', value: '   ' });
    actor.send({ type: 'profile.change', field: 'phone', value: '+33 6 12 34 56 78' });
    actor.send({ type: 'profile.save' });
    expect(selectIsSavingProfile(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(false);
    expect(spies.update).toHaveBeenCalledWith({
      first_name: 'Zoé',
      last_name: 'Martin',
      email: 'jeanne@boutique.fr',
      shop_domain: 'boutique.myshopify.com',
      phone: '+33 6 12 34 56 78',
    });
    const saved = { ...customer, first_name: 'Zoé' };
    saving.resolve(saved);
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(selectProfileUser(actor.getSnapshot())).toEqual(saved);
    expect(spies.announceUser).toHaveBeenCalledWith(saved);
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Profil mis à jour avec succès',
    });
  });

  it.each([
    [
      new ApiError({ kind: 'http', status: 400, data: { message: 'Téléphone refusé' } }),
      'Téléphone refusé',
    ],
    [new ApiError({ kind: 'http', status: 400 }), 'Données invalides'],
    [
      new ApiError({ kind: 'http', status: 409, data: { message: 'pris' } }),
      'Cet email ou ce domaine est déjà utilisé',
    ],
    [new ApiError({ kind: 'http', status: 401 }), 'Session expirée, veuillez vous reconnecter'],
    [
      new ApiError({ kind: 'http', status: 500, data: { message: 'panne' } }),
      'Erreur lors de la mise à jour du profil',
    ],
    [new TypeError('boom'), 'Erreur lors de la mise à jour du profil'],
  ])('maps %o to %s and keeps the form', async (failure, text) => {
    const { actor, spies } = await editing({ update: () => Promise.reject(failure) });
    actor.send({ type: 'profile.change', field: 'last_name', value: 'Durand' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.saveError !== null);
    expect(selectProfileSaveError(actor.getSnapshot())).toBe(text);
    expect(selectProfileForm(actor.getSnapshot()).last_name).toBe('Durand');
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it("puts a 400's field messages on the fields", async () => {
    const failure = new ApiError({
      kind: 'http',
      status: 400,
      data: {
        message: 'Données invalides',
        errors: { shop_domain: 'Domaine refusé', unknown: 'x' },
      },
    });
    const { actor } = await editing({ update: () => Promise.reject(failure) });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.context.saveError !== null);
    expect(selectProfileFieldErrors(actor.getSnapshot())).toEqual({
      shop_domain: 'Domaine refusé',
    });
  });
});

describe('createProfileImplementations over the portal client', () => {
  it('loads with GET profile + subscription and saves with PUT /api/client/profile', async () => {
    const { client, requests } = scriptedClient({
      'GET /api/client/profile': { status: 200, body: { customer } },
      'GET /api/client/subscription/current': { status: 200, body: subscribed },
      'PUT /api/client/profile': {
        status: 200,
        body: { message: 'ok', customer: { ...customer, last_name: 'Durand' } },
      },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const onUserUpdated = vi.fn();
    const machine = profileMachine.provide(
      createProfileImplementations({ client, notify: vi.fn(), onUserUpdated }),
    );
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.change', field: 'last_name', value: ' Durand ' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/client/profile',
      body: {
        first_name: 'Jeanne',
        last_name: 'Durand',
        email: 'jeanne@boutique.fr',
        shop_domain: 'boutique.myshopify.com',
        company_name: 'Boutique SARL',
      },
    });
    expect(onUserUpdated).toHaveBeenCalledWith(expect.objectContaining({ last_name: 'Durand' }));
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(profileMachine, { inspect: (event) => seen.push(event.type) });
  actor.start();
  actor.send({ type: 'profile.reload' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});
