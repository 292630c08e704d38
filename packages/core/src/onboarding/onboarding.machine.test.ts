import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import type { PortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { TokenStore } from '../session/tokenStore.ts';
import type { ActorInputOf, PromiseFake } from '../machine-kit.ts';
import {
  accountCreationErrors,
  accountCreationOutcome,
  onboardingMachine,
} from './onboarding.machine.ts';
import { createOnboardingImplementations } from './onboarding.actors.ts';
import {
  selectIsCreatingAccount,
  selectOnboardingFieldErrors,
  selectOnboardingFormError,
  selectOnboardingValues,
  selectOnboardingView,
  selectPlanSummary,
  selectRefusal,
} from './onboarding.selectors.ts';
import type { OnboardingEvent, SessionVerification } from './onboarding.types.ts';

const paid: SessionVerification = {
  success: true,
  planDetails: { id: 'scale', name: 'Scale', price: 39.99 },
  billingCycle: 'yearly',
};

const tokens = { accessToken: 'access', refreshToken: 'refresh' };

type Fake<Name extends 'verifySession' | 'startRegistration' | 'finalizeRegistration'> =
  PromiseFake<typeof onboardingMachine, Name>;

interface Fakes {
  verify?: Fake<'verifySession'>;
  start?: Fake<'startRegistration'>;
  finalize?: Fake<'finalizeRegistration'>;
}

function start(sessionId: string | null, fakes: Fakes = {}) {
  const navigate = vi.fn();
  const store = {
    invite: null as string | null,
    tokens: null as typeof tokens | null,
    sessionsStarted: 0,
  };
  const requests: ActorInputOf<typeof onboardingMachine, 'finalizeRegistration'>[] = [];
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        verifySession: fromPromise(({ input }) => (fakes.verify ?? (async () => paid))(input)),
        startRegistration: fromPromise(({ input }) =>
          (fakes.start ?? (async () => ({ inviteToken: 'invite-1' })))(input),
        ),
        finalizeRegistration: fromPromise(({ input }) => {
          requests.push(input);
          return (fakes.finalize ?? (async () => ({ tokens })))(input);
        }),
      },
      actions: {
        navigate: (_, params) => navigate(params.to),
        storeInviteToken: (_, params) => {
          store.invite = params.inviteToken;
        },
        clearInviteToken: () => {
          store.invite = null;
        },
        storeTokens: (_, params) => {
          store.tokens = params.tokens ?? null;
        },
        sessionStarted: () => {
          store.sessionsStarted += 1;
        },
      },
    }),
    { input: { sessionId }, clock: new SimulatedClock() },
  ).start();
  return { actor, navigate, store, requests };
}

type Actor = ReturnType<typeof start>['actor'];

const fill: OnboardingEvent[] = [
  { type: 'onboarding.change', field: 'firstName', value: 'Jeanne' },
  { type: 'onboarding.change', field: 'lastName', value: 'Durand' },
  { type: 'onboarding.change', field: 'email', value: 'jeanne@boutique.fr' },
  { type: 'onboarding.change', field: 'password', value: 'motdepasse' },
  { type: 'onboarding.change', field: 'confirmPassword', value: 'motdepasse' },
  { type: 'onboarding.toggle', field: 'acceptTerms', value: true },
];

async function granted(actor: Actor) {
  await waitFor(actor, (s) => selectOnboardingView(s) !== 'verifying');
  expect(selectOnboardingView(actor.getSnapshot())).toBe('form');
}

describe('onboarding: the paid session', () => {
  test('a missing session id redirects to /pricing with the documented error', () => {
    for (const sessionId of [null, '', '  ']) {
      const { actor, navigate } = start(sessionId);
      expect(navigate).toHaveBeenCalledWith('/pricing?error=Session+de+paiement+manquante');
      expect(selectOnboardingView(actor.getSnapshot())).toBe('leaving');
    }
  });

  test('verifying, then the form with the plan summary and the invite token stored', async () => {
    const { actor, store } = start('cs_1');
    expect(selectOnboardingView(actor.getSnapshot())).toBe('verifying');
    await granted(actor);
    expect(selectPlanSummary(actor.getSnapshot())).toEqual({
      plan: { id: 'scale', name: 'Scale', price: 39.99 },
      billingCycle: 'yearly',
    });
    expect(store.invite).toBe('invite-1');
  });

  test('an unpaid session is refused as invalid or expired', async () => {
    const { actor, navigate } = start('cs_1', { verify: async () => ({ success: false }) });
    await waitFor(actor, (s) => selectOnboardingView(s) === 'refused');
    expect(selectRefusal(actor.getSnapshot())).toBe('Session de paiement invalide ou expirée');
    actor.send({ type: 'onboarding.backToPricing' });
    expect(navigate).toHaveBeenCalledWith(
      '/pricing?error=Session+de+paiement+invalide+ou+expir%C3%A9e',
    );
    expect(selectOnboardingView(actor.getSnapshot())).toBe('leaving');
  });

  test('a 404 on verification is an invalid session', async () => {
    const { actor } = start('cs_1', {
      verify: () => Promise.reject(new ApiError({ kind: 'http', status: 404 })),
    });
    await waitFor(actor, (s) => selectOnboardingView(s) === 'refused');
    expect(selectRefusal(actor.getSnapshot())).toBe('Session de paiement invalide ou expirée');
  });

  test('a failed verification gives the verification error', async () => {
    for (const error of [
      new ApiError({ kind: 'network', status: 0 }),
      new ApiError({ kind: 'http', status: 500 }),
      new TypeError('x'),
    ]) {
      const { actor } = start('cs_1', { verify: () => Promise.reject(error) });
      await waitFor(actor, (s) => selectOnboardingView(s) === 'refused');
      expect(selectRefusal(actor.getSnapshot())).toBe('Erreur lors de la vérification du paiement');
    }
  });

  test('a refused invite token start is refused too', async () => {
    const { actor, store } = start('cs_1', {
      start: () => Promise.reject(new ApiError({ kind: 'http', status: 409 })),
    });
    await waitFor(actor, (s) => selectOnboardingView(s) === 'refused');
    expect(selectRefusal(actor.getSnapshot())).toBe('Session de paiement invalide ou expirée');
    expect(store.invite).toBeNull();
  });
});

describe('onboarding: the account form', () => {
  test('an empty submit shows every required message and does not call the server', async () => {
    const { actor, requests } = start('cs_1');
    await granted(actor);
    actor.send({ type: 'onboarding.submit' });
    expect(selectOnboardingFieldErrors(actor.getSnapshot())).toEqual({
      firstName: 'Le prénom est requis',
      lastName: 'Le nom est requis',
      email: "L'email est requis",
      password: 'Le mot de passe est requis',
      acceptTerms: "Vous devez accepter les conditions d'utilisation",
    });
    expect(requests).toEqual([]);
  });

  test('errors are cleared at each submit', async () => {
    const { actor } = start('cs_1', { finalize: () => new Promise(() => {}) });
    await granted(actor);
    actor.send({ type: 'onboarding.submit' });
    for (const event of fill) actor.send(event);
    // Still shown while typing; cleared by the next submit.
    expect(selectOnboardingFieldErrors(actor.getSnapshot()).email).toBe("L'email est requis");
    actor.send({ type: 'onboarding.change', field: 'confirmPassword', value: 'autre' });
    actor.send({ type: 'onboarding.submit' });
    expect(selectOnboardingFieldErrors(actor.getSnapshot())).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    actor.send({ type: 'onboarding.change', field: 'confirmPassword', value: 'motdepasse' });
    actor.send({ type: 'onboarding.submit' });
    expect(selectOnboardingFieldErrors(actor.getSnapshot())).toEqual({});
    expect(selectIsCreatingAccount(actor.getSnapshot())).toBe(true);
  });

  test('creates the account, stores the tokens, drops the invite token, goes to /dashboard', async () => {
    const { actor, store, navigate, requests } = start('cs_1');
    await granted(actor);
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.change', field: 'company', value: ' Ma SAS ' });
    actor.send({ type: 'onboarding.toggle', field: 'newsletter', value: true });
    actor.send({ type: 'onboarding.submit' });
    expect(requests).toEqual([
      {
        email: 'jeanne@boutique.fr',
        password: 'motdepasse',
        first_name: 'Jeanne',
        last_name: 'Durand',
        company: 'Ma SAS',
        newsletter: true,
        planId: 'scale',
        billingCycle: 'yearly',
      },
    ]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(store.tokens).toEqual(tokens);
    expect(store.invite).toBeNull();
    // docs/product.md#onboarding: the returned tokens open a session, announced once, before the
    // dashboard opens.
    expect(store.sessionsStarted).toBe(1);
    expect(navigate).toHaveBeenCalledWith('/dashboard');
  });

  test('without tokens in the answer it goes to /login; no company means no company field', async () => {
    const { actor, store, navigate, requests } = start('cs_1', { finalize: async () => ({}) });
    await granted(actor);
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests[0]).not.toHaveProperty('company');
    expect(requests[0]?.newsletter).toBe(false);
    expect(store.tokens).toBeNull();
    expect(store.invite).toBeNull();
    expect(store.sessionsStarted).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  test('the rule after account creation: tokens start a session and open the dashboard', () => {
    expect(accountCreationOutcome({ tokens })).toEqual({ startsSession: true, to: '/dashboard' });
    expect(accountCreationOutcome({})).toEqual({ startsSession: false, to: '/login' });
  });

  test('submit while submitting is refused', async () => {
    const { actor, requests } = start('cs_1', { finalize: () => new Promise(() => {}) });
    await granted(actor);
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.submit' });
    expect(actor.getSnapshot().can({ type: 'onboarding.submit' })).toBe(false);
    actor.send({ type: 'onboarding.submit' });
    expect(requests).toHaveLength(1);
  });

  test.each([
    ['Un compte existe déjà', { email: 'Cet email est déjà utilisé' }, null],
    ['Email already registered', { email: 'Cet email est déjà utilisé' }, null],
    [
      'Le mot de passe est trop faible',
      { password: 'Le mot de passe ne respecte pas les critères requis' },
      null,
    ],
    [
      'password too weak',
      { password: 'Le mot de passe ne respecte pas les critères requis' },
      null,
    ],
    // A refusal no field explains: the server's own words.
    ['Paiement déjà utilisé', {}, 'Paiement déjà utilisé'],
  ])('the server error %s is mapped', async (message, fieldErrors, formError) => {
    const { actor } = start('cs_1', {
      finalize: () =>
        Promise.reject(new ApiError({ kind: 'http', status: 409, data: { message } })),
    });
    await granted(actor);
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.submit' });
    await waitFor(actor, (s) => !selectIsCreatingAccount(s));
    expect(selectOnboardingFieldErrors(actor.getSnapshot())).toEqual(fieldErrors);
    expect(selectOnboardingFormError(actor.getSnapshot())).toBe(formError);
    // The form keeps every typed value.
    expect(selectOnboardingValues(actor.getSnapshot())).toMatchObject({
      firstName: 'Jeanne',
      email: 'jeanne@boutique.fr',
      password: 'motdepasse',
      acceptTerms: true,
    });
    // The next submit clears them again.
    actor.send({ type: 'onboarding.submit' });
    expect(selectOnboardingFormError(actor.getSnapshot())).toBeNull();
  });

  test('a network failure gives the generic alert', () => {
    expect(accountCreationErrors(new ApiError({ kind: 'network', status: 0 }))).toEqual({
      fieldErrors: {},
      formError: 'Une erreur est survenue lors de la création du compte. Veuillez réessayer.',
    });
  });

  test.each([
    ['a timeout', new ApiError({ kind: 'timeout', status: 0 })],
    ['a server error', new ApiError({ kind: 'http', status: 500, data: { message: 'boom' } })],
    ['an unavailable gateway', new ApiError({ kind: 'http', status: 502 })],
  ])('%s gives the generic alert, which asks for a retry', (_, error) => {
    expect(accountCreationErrors(error).formError).toBe(
      'Une erreur est survenue lors de la création du compte. Veuillez réessayer.',
    );
  });

  test.each([
    ['a refusal without words', new ApiError({ kind: 'http', status: 409 })],
    ['a refusal in markup', new ApiError({ kind: 'http', status: 400, data: '<h1>Bad</h1>' })],
    ['a failure that is no answer of the server', new Error('register/finalize: réponse vide')],
    ['something thrown that is not an error', 'boom'],
  ])("%s that no field explains gives 'Erreur lors de la fin de l'onboarding'", (_, error) => {
    expect(accountCreationErrors(error)).toEqual({
      fieldErrors: {},
      formError: "Erreur lors de la fin de l'onboarding",
    });
  });
});

describe('onboarding implementations', () => {
  function fakeStore(): TokenStore {
    let invite: string | null = null;
    return {
      getAccessToken: () => null,
      getRefreshToken: () => null,
      setTokens: vi.fn(),
      clearTokens: vi.fn(),
      getInviteToken: () => invite,
      setInviteToken: (token) => {
        invite = token;
      },
      clearInviteToken: () => {
        invite = null;
      },
      subscribe: () => () => {},
    };
  }

  test('verify, start, finalize with the invite token as bearer, store tokens', async () => {
    const tokenStore = fakeStore();
    const GET = vi.fn().mockResolvedValue({ data: paid });
    const POST = vi.fn(async (path: string) =>
      path === '/api/onboarding/register/start'
        ? { data: { data: { invite_token: 'invite-9' } } }
        : { data: { message: 'ok', tokens } },
    );
    const navigate = vi.fn();
    const onSessionStarted = vi.fn(() => {
      // The session is announced once its tokens are stored, before the dashboard opens.
      expect(tokenStore.setTokens).toHaveBeenCalledWith(tokens);
      expect(navigate).not.toHaveBeenCalled();
    });
    const client = { api: { GET, POST }, tokenStore } as unknown as PortalClient;
    const actor = createActor(
      onboardingMachine.provide(
        createOnboardingImplementations({ client, navigate, onSessionStarted }),
      ),
      { input: { sessionId: 'cs_9' } },
    ).start();
    await granted(actor);
    expect(GET).toHaveBeenCalledWith(
      '/api/onboarding/sessions/{sessionId}',
      expect.objectContaining({ params: { path: { sessionId: 'cs_9' } } }),
    );
    expect(POST).toHaveBeenCalledWith(
      '/api/onboarding/register/start',
      expect.objectContaining({ body: { session_id: 'cs_9' } }),
    );
    expect(tokenStore.getInviteToken()).toBe('invite-9');
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(POST).toHaveBeenLastCalledWith(
      '/api/onboarding/register/finalize',
      expect.objectContaining({ headers: { Authorization: 'Bearer invite-9' } }),
    );
    expect(tokenStore.setTokens).toHaveBeenCalledWith(tokens);
    expect(tokenStore.getInviteToken()).toBeNull();
    expect(onSessionStarted).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/dashboard');
  });
});
