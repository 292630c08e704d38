/**
 * Model-based test of the licence modal: @xstate/graph walks every simple path of the machine's
 * own transition function (the model), and each path is replayed on a running actor whose
 * create/update/delete calls are real promises settled step by step (the system under test).
 * Along every path the rules of docs/product.md#licences-tab (with its validation and error texts)
 * are checked, not only the state names.
 */
import { getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../api/errors.ts';
import { deferred } from '../auth/testing.ts';
import type { LicenceFormValues } from '../domain/validation/licence.ts';
import { licencesMachine } from './licences.machine.ts';
import type { Licence, LicenceSave } from './licences.types.ts';

type Snapshot = SnapshotFrom<typeof licencesMachine>;
type ModelEvent =
  | EventFromLogic<typeof licencesMachine>
  | { type: `xstate.done.actor.${CallId}`; output?: Licence }
  | { type: `xstate.error.actor.${CallId}`; error: unknown }
  | { type: 'xstate.init' };
type CallId = 'createLicence' | 'updateLicence' | 'deleteLicence';

const licence: Licence = {
  _id: 'l1',
  custom_domain: 'boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  theme_name: 'Portal',
  status: 'active',
  expires_at: null,
};
const conflict = new ApiError({ kind: 'http', status: 409 });
const calls: CallId[] = ['createLicence', 'updateLicence', 'deleteLicence'];

const events: ModelEvent[] = [
  { type: 'licence.add' },
  { type: 'licence.edit', licence },
  { type: 'licence.delete', licence },
  { type: 'licence.change', field: 'custom_domain', value: 'nouveau.fr' },
  { type: 'licence.change', field: 'shop_domain', value: 'nouvelle-boutique' },
  { type: 'licence.change', field: 'shop_domain', value: 'ma boutique' },
  { type: 'licence.submit' },
  { type: 'licence.confirmDelete' },
  { type: 'licence.cancel' },
  ...calls.flatMap((id): ModelEvent[] => [
    { type: `xstate.done.actor.${id}`, output: id === 'deleteLicence' ? undefined : licence },
    { type: `xstate.error.actor.${id}`, error: conflict },
  ]),
];

/** What the modal shows; the list region is left out (it only reloads). */
const serializeState = (snapshot: Snapshot) => {
  const { form, fieldErrors, modalError, editing } = snapshot.context;
  const { modal } = snapshot.value as { modal: unknown };
  return JSON.stringify([modal, form, fieldErrors, modalError, editing?._id ?? null]);
};

const paths = getSimplePaths(licencesMachine, {
  events: events as EventFromLogic<typeof licencesMachine>[],
  serializeState,
});

const successTexts: Record<CallId, string> = {
  createLicence: 'Licence créée avec succès',
  updateLicence: 'Licence modifiée avec succès',
  deleteLicence: 'Licence supprimée avec succès',
};

function system() {
  const pending: Partial<Record<CallId, ReturnType<typeof deferred<unknown>>>> = {};
  const saves: LicenceSave[] = [];
  const deletes: string[] = [];
  const notifications: string[] = [];
  let fetches = 0;
  const call = (id: CallId) => {
    const settle = deferred<unknown>();
    pending[id] = settle;
    return settle.promise;
  };
  const machine = licencesMachine.provide({
    actors: {
      fetchLicences: fromPromise(async () => {
        fetches += 1;
        return {
          licences: [licence],
          usage: { licensesUsed: 1, licensesLimit: 10, licensesRemaining: 9 },
        };
      }),
      createLicence: fromPromise(({ input }) => {
        saves.push(input);
        return call('createLicence') as Promise<Licence>;
      }),
      updateLicence: fromPromise(({ input }) => {
        saves.push(input);
        return call('updateLicence') as Promise<Licence>;
      }),
      deleteLicence: fromPromise(({ input }) => {
        deletes.push(input._id);
        return call('deleteLicence') as Promise<void>;
      }),
    },
    actions: { notify: (_, params) => notifications.push(params.message) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  return { actor, pending, saves, deletes, notifications, fetches: () => fetches };
}

/** Lets settled promises reach the actor (a few microtask turns, no timers). */
async function settled() {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

describe('licence modal, every simple path of the model', () => {
  it('has enough paths to cover create, edit, delete, errors and cancels', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(paths.length).toBeGreaterThan(500);
    for (const modal of [
      'closed',
      { form: 'creating' },
      { form: 'updating' },
      { confirmingDelete: 'deleting' },
    ]) {
      expect([...reached].some((value) => value.includes(JSON.stringify(modal)))).toBe(true);
    }
  });

  it('replays every path on a running actor and keeps the rules along the way', async () => {
    for (const path of paths) {
      const description = path.steps.map((step) => step.event.type).join(' → ');
      try {
        await replay(path);
      } catch (error) {
        throw new Error(`path ${description}: ${String(error)}`, { cause: error });
      }
    }
  }, 60_000);
});

async function replay(path: (typeof paths)[number]) {
  const sut = system();
  // The values the person typed since the modal opened (docs/product.md#licences-tab: kept through
  // every error).
  let typed: LicenceFormValues = { custom_domain: '', shop_domain: '' };
  for (const step of path.steps) {
    const event = step.event as ModelEvent;
    // The traversal's first step is the machine's own start.
    if (event.type === 'xstate.init') continue;
    const before = sut.actor.getSnapshot();
    const successesBefore = sut.notifications.length;
    if (event.type.startsWith('xstate.')) {
      const id = event.type.split('.').at(-1) as CallId;
      const settle = sut.pending[id];
      expect(settle, `${id} should be under way`).toBeDefined();
      delete sut.pending[id];
      if ('error' in event) settle?.reject(event.error);
      else if ('output' in event) settle?.resolve(event.output);
      else settle?.resolve(undefined);
    } else {
      const userEvent = event as EventFromLogic<typeof licencesMachine>;
      if (userEvent.type === 'licence.add' && before.can(userEvent)) {
        typed = { custom_domain: '', shop_domain: '' };
      }
      if (userEvent.type === 'licence.edit' && before.can(userEvent)) {
        typed = { custom_domain: licence.custom_domain, shop_domain: licence.shop_domain };
      }
      if (userEvent.type === 'licence.change' && before.can(userEvent)) {
        typed = { ...typed, [userEvent.field]: userEvent.value };
      }
      sut.actor.send(userEvent);
    }
    await settled();
    const after = sut.actor.getSnapshot();

    // The running actor agrees with the model.
    expect(serializeState(after)).toBe(serializeState(step.state));

    // While saving or deleting, nothing else is accepted.
    if (
      after.matches({ modal: { form: 'creating' } }) ||
      after.matches({ modal: { form: 'updating' } })
    ) {
      expect(after.can({ type: 'licence.submit' })).toBe(false);
      expect(after.can({ type: 'licence.cancel' })).toBe(false);
    }
    if (after.matches({ modal: { confirmingDelete: 'deleting' } })) {
      expect(after.can({ type: 'licence.confirmDelete' })).toBe(false);
    }

    // In the form, the typed values survive validation and server errors.
    if (after.matches({ modal: 'form' })) expect(after.context.form).toEqual(typed);

    // A success says so once, closes the modal and reloads the list.
    if (event.type.startsWith('xstate.done.actor.')) {
      const id = event.type.split('.').at(-1) as CallId;
      expect(sut.notifications.slice(successesBefore)).toEqual([successTexts[id]]);
      expect(after.matches({ modal: 'closed' })).toBe(true);
    } else {
      expect(sut.notifications.length).toBe(successesBefore);
    }
    if (event.type.startsWith('xstate.error.actor.')) {
      expect(after.context.modalError).toBe('Une licence avec ce domaine existe déjà');
    }
  }

  // Creates never carry an id; edits always carry the edited licence's.
  for (const save of sut.saves) {
    if (save.mode === 'create') expect(save).not.toHaveProperty('_id');
    else expect(save._id).toBe('l1');
    expect(save.values.shop_domain.endsWith('.myshopify.com')).toBe(true);
  }
  expect(sut.deletes.every((id) => id === 'l1')).toBe(true);
  const successes = sut.notifications.length;
  expect(sut.fetches()).toBe(1 + successes);
}
