import fc from 'fast-check';
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  waitFor,
  type SnapshotFrom,
} from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import type { PortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { isSignupStepValid, type SignupValues } from '../domain/validation/signup.ts';
import { signupMachine, signupValuesFromEstablishment } from './signup.machine.ts';
import { createSignupImplementations } from './signup.actors.ts';
import {
  selectCanGoBack,
  selectCanGoNext,
  selectIsSignupSuccess,
  selectIsSubmitting,
  selectMissingFieldLabels,
  selectMissingFields,
  selectSignupError,
  selectSignupStep,
  selectSignupFieldErrors,
} from './signup.selectors.ts';
import type { SignupEvent } from './signup.types.ts';
import type { ActorInputOf, PromiseFake } from '../machine-kit.ts';

const step1: Partial<SignupValues> = {
  email: 'chef@bistrot.fr',
  password: 'MotDePasse1',
  confirmPassword: 'MotDePasse1',
};
const step2: Partial<SignupValues> = {
  restaurantName: 'Le Bistrot',
  address: '1 rue de la Paix',
  ownerName: 'Anna Dupont',
  phone: '+33 6 12 34 56 78',
  city: 'Paris',
};

function start(
  register: PromiseFake<typeof signupMachine, 'register'> = () => new Promise(() => {}),
) {
  const clock = new SimulatedClock();
  const navigate = vi.fn();
  const payloads: ActorInputOf<typeof signupMachine, 'register'>[] = [];
  const actor = createActor(
    signupMachine.provide({
      actors: {
        register: fromPromise(({ input }) => {
          payloads.push(input);
          return register(input);
        }),
      },
      actions: { navigate: (_, params) => navigate(params.to) },
    }),
    { clock },
  ).start();
  return { actor, clock, navigate, payloads };
}

function toStep3(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'signup.fill', values: step1 });
  actor.send({ type: 'signup.next' });
  actor.send({ type: 'signup.fill', values: step2 });
  actor.send({ type: 'signup.next' });
}

describe('signup wizard', () => {
  test('starts on step 1 with every step-1 field missing', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(selectSignupStep(snapshot)).toBe(1);
    expect(selectCanGoNext(snapshot)).toBe(false);
    expect(selectCanGoBack(snapshot)).toBe(false);
    expect(selectMissingFields(snapshot)).toEqual(['email', 'password', 'confirmPassword']);
    expect(selectMissingFieldLabels(snapshot)).toEqual([
      'Email',
      'Mot de passe',
      'Confirmation du mot de passe',
    ]);
  });

  test('two different passwords say so under the confirmation; untouched fields stay quiet', () => {
    const { actor } = start();
    expect(selectSignupFieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'signup.change', field: 'email', value: 'chef@bistrot.fr' });
    actor.send({ type: 'signup.change', field: 'password', value: 'MotDePasse1' });
    actor.send({ type: 'signup.change', field: 'confirmPassword', value: 'motdepasse2' });
    expect(selectSignupFieldErrors(actor.getSnapshot())).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    expect(selectMissingFieldLabels(actor.getSnapshot())).toEqual(['Confirmation du mot de passe']);
    actor.send({ type: 'signup.change', field: 'confirmPassword', value: 'MotDePasse1' });
    expect(selectSignupFieldErrors(actor.getSnapshot())).toEqual({});
    expect(selectCanGoNext(actor.getSnapshot())).toBe(true);
  });

  test('forward is refused while the step is invalid', () => {
    const { actor } = start();
    actor.send({ type: 'signup.change', field: 'email', value: 'chef@bistrot.fr' });
    actor.send({ type: 'signup.next' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(1);
    expect(selectMissingFields(actor.getSnapshot())).toEqual(['password', 'confirmPassword']);
    actor.send({ type: 'signup.change', field: 'password', value: 'MotDePasse1' });
    actor.send({ type: 'signup.change', field: 'confirmPassword', value: 'autre' });
    expect(selectMissingFields(actor.getSnapshot())).toEqual(['confirmPassword']);
    actor.send({ type: 'signup.next' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(1);
  });

  test('forward when valid, back always, values kept', () => {
    const { actor } = start();
    actor.send({ type: 'signup.fill', values: step1 });
    expect(selectCanGoNext(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'signup.next' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(2);
    expect(selectMissingFieldLabels(actor.getSnapshot())).toEqual([
      'Nom du restaurant',
      'Adresse complète',
      'Nom du propriétaire',
      'Téléphone',
      'Ville',
    ]);
    actor.send({ type: 'signup.next' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'signup.back' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().context.values.email).toBe('chef@bistrot.fr');
    actor.send({ type: 'signup.next' });
    actor.send({ type: 'signup.fill', values: step2 });
    actor.send({ type: 'signup.next' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(3);
    expect(selectMissingFields(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'signup.back' });
    expect(selectSignupStep(actor.getSnapshot())).toBe(2);
  });

  test('submit is refused before step 3', () => {
    const { actor, payloads } = start();
    actor.send({ type: 'signup.fill', values: { ...step1, ...step2 } });
    expect(actor.getSnapshot().can({ type: 'signup.submit' })).toBe(false);
    actor.send({ type: 'signup.submit' });
    actor.send({ type: 'signup.next' });
    actor.send({ type: 'signup.submit' });
    expect(payloads).toEqual([]);
  });

  test('submit on step 3 re-checks steps 1 and 2 with their messages; back clears the error', () => {
    const { actor, payloads } = start();
    toStep3(actor);
    actor.send({ type: 'signup.change', field: 'email', value: '' });
    actor.send({ type: 'signup.submit' });
    expect(selectSignupError(actor.getSnapshot())).toBe(
      "Veuillez remplir tous les champs de l'étape 1 correctement.",
    );
    actor.send({ type: 'signup.change', field: 'email', value: 'chef@bistrot.fr' });
    actor.send({ type: 'signup.change', field: 'city', value: ' ' });
    actor.send({ type: 'signup.submit' });
    expect(selectSignupError(actor.getSnapshot())).toBe(
      "Veuillez remplir tous les champs obligatoires de l'étape 2.",
    );
    expect(payloads).toEqual([]);
    actor.send({ type: 'signup.back' });
    expect(selectSignupError(actor.getSnapshot())).toBeNull();
  });

  test('submits the documented payload, then success and /login after 2000 ms', async () => {
    const { actor, clock, navigate, payloads } = start(async () => {});
    toStep3(actor);
    actor.send({ type: 'signup.change', field: 'cuisineType', value: 'bistrot' });
    actor.send({ type: 'signup.submit' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(payloads).toEqual([
      {
        email: 'chef@bistrot.fr',
        password: 'MotDePasse1',
        first_name: 'Anna',
        last_name: 'Dupont',
        shop_domain: 'lebistrot',
      },
    ]);
    await waitFor(actor, selectIsSignupSuccess);
    clock.increment(1999);
    expect(navigate).not.toHaveBeenCalled();
    clock.increment(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(actor.getSnapshot().status).toBe('done');
  });

  test('submit while submitting is refused; edits are ignored', () => {
    const { actor, payloads } = start();
    toStep3(actor);
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().can({ type: 'signup.submit' })).toBe(false);
    actor.send({ type: 'signup.submit' });
    actor.send({ type: 'signup.change', field: 'email', value: 'x' });
    expect(payloads).toHaveLength(1);
    expect(actor.getSnapshot().context.values.email).toBe('chef@bistrot.fr');
  });

  test('a failure returns to step 3 with the documented text', async () => {
    const { actor } = start(async () => {
      throw new TypeError('network');
    });
    toStep3(actor);
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (s) => !selectIsSubmitting(s));
    expect(selectSignupStep(actor.getSnapshot())).toBe(3);
    expect(selectSignupError(actor.getSnapshot())).toBe('Erreur lors de la création du compte');
  });

  test('a server message is preferred (e.g. an email in use)', async () => {
    const { actor } = start(async () => {
      throw new ApiError({
        kind: 'http',
        status: 409,
        data: { message: 'Cet email est déjà utilisé' },
      });
    });
    toStep3(actor);
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (s) => !selectIsSubmitting(s));
    expect(selectSignupError(actor.getSnapshot())).toBe('Cet email est déjà utilisé');
  });
});

describe('establishment pick', () => {
  test("fills the city from the establishment's address; keeps a typed city when it names none", () => {
    const { actor } = start();
    actor.send({ type: 'signup.change', field: 'city', value: 'Lyon' });
    const pick = (address: string) =>
      actor.send({
        type: 'signup.fill',
        values: signupValuesFromEstablishment({ id: 'p1', name: 'Chez Anna', address }),
      });
    pick('12 Rue de la Paix, 75002 Paris, France');
    expect(actor.getSnapshot().context.values).toMatchObject({
      address: '12 Rue de la Paix, 75002 Paris, France',
      city: 'Paris',
    });
    actor.send({ type: 'signup.change', field: 'city', value: 'Paris 2e' });
    pick('12 rue de la Paix');
    expect(actor.getSnapshot().context.values).toMatchObject({
      address: '12 rue de la Paix',
      city: 'Paris 2e',
    });
  });

  test('a pick never writes an empty city', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (address) => {
        const values = signupValuesFromEstablishment({ id: 'p', name: 'N', address });
        if ('city' in values) expect(values.city?.trim()).not.toBe('');
      }),
    );
  });

  test('fills name, address and phone of step 2; keeps a typed phone when the place has none', () => {
    const { actor } = start();
    actor.send({ type: 'signup.change', field: 'phone', value: '0102030405' });
    actor.send({
      type: 'signup.fill',
      values: signupValuesFromEstablishment({
        id: 'p1',
        name: 'Chez Anna',
        address: '2 rue Haute, Lyon',
        phone: null,
      }),
    });
    expect(actor.getSnapshot().context.values).toMatchObject({
      restaurantName: 'Chez Anna',
      address: '2 rue Haute, Lyon',
      phone: '0102030405',
    });
    expect(
      signupValuesFromEstablishment({
        id: 'p2',
        name: 'B',
        address: 'A',
        phone: '+33 1 02 03 04 05',
      }),
    ).toEqual({ restaurantName: 'B', address: 'A', phone: '+33 1 02 03 04 05' });
  });
});

describe('signup wizard, every path (model-based)', () => {
  // User events only: the register call never settles here, so `submitting` is a leaf.
  const events: SignupEvent[] = [
    { type: 'signup.fill', values: step1 },
    { type: 'signup.fill', values: { email: '' } },
    { type: 'signup.fill', values: step2 },
    { type: 'signup.fill', values: { city: '' } },
    { type: 'signup.next' },
    { type: 'signup.back' },
    { type: 'signup.submit' },
  ];
  // A state is its step plus which steps are valid plus the error shown.
  const serializeState = (snapshot: SnapshotFrom<typeof signupMachine>) =>
    JSON.stringify([
      snapshot.value,
      isSignupStepValid(1, snapshot.context.values),
      isSignupStepValid(2, snapshot.context.values),
      snapshot.context.error,
    ]);
  const paths = getSimplePaths(signupMachine, {
    events,
    serializeState,
  });

  test('the walk reaches every state of the wizard', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toEqual(
      new Set(
        [{ editing: 'step1' }, { editing: 'step2' }, { editing: 'step3' }, 'submitting'].map((v) =>
          JSON.stringify(v),
        ),
      ),
    );
    expect(paths.length).toBeGreaterThan(50);
  });

  // Thousands of validations: the default 5 s is too tight on a loaded two-core machine.
  test('on every simple path the model never skips a rule', { timeout: 30_000 }, () => {
    for (const path of paths) {
      let before = initialTransition(signupMachine)[0];
      for (const step of path.steps) {
        const after = step.state;
        const values = after.context.values;
        if (after.matches('submitting')) {
          expect(step.event.type).toBe('signup.submit');
          expect(isSignupStepValid(1, values) && isSignupStepValid(2, values)).toBe(true);
        }
        const from = selectSignupStep(before);
        const to = selectSignupStep(after);
        if (to > from) {
          expect(step.event.type).toBe('signup.next');
          expect(to).toBe(from + 1);
          expect(isSignupStepValid(from, values)).toBe(true);
        }
        if (step.event.type === 'signup.back') expect(after.context.error).toBeNull();
        before = after;
      }
    }
  });

  test('every transition of the model, replayed on the running wizard, lands in the same state', () => {
    const shortest = getShortestPaths(signupMachine, { events, serializeState });
    for (const path of shortest) {
      for (const event of events) {
        const { actor, payloads } = start();
        for (const step of path.steps) actor.send(step.event);
        expect(actor.getSnapshot().value).toEqual(path.state.value);
        const [expected] = transition(signupMachine, actor.getSnapshot(), event);
        actor.send(event);
        expect(actor.getSnapshot().value).toEqual(expected.value);
        expect(actor.getSnapshot().context).toEqual(expected.context);
        expect(payloads).toHaveLength(actor.getSnapshot().matches('submitting') ? 1 : 0);
        actor.stop();
      }
    }
  });
});

describe('signup implementations', () => {
  test('POST /api/client/auth/register with the payload; navigate injected', async () => {
    const POST = vi.fn().mockResolvedValue({ data: { message: 'ok' } });
    const navigate = vi.fn();
    const clock = new SimulatedClock();
    const client = { api: { POST } } as unknown as PortalClient;
    const actor = createActor(
      signupMachine.provide(createSignupImplementations({ client, navigate })),
      {
        clock,
      },
    ).start();
    toStep3(actor);
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, selectIsSignupSuccess);
    expect(POST).toHaveBeenCalledWith(
      '/api/client/auth/register',
      expect.objectContaining({ body: expect.objectContaining({ shop_domain: 'lebistrot' }) }),
    );
    clock.increment(2000);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
