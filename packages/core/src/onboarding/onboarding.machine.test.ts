import { createActor, fromPromise, SimulatedClock, waitFor, type InspectionEvent } from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import type { PortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { Customer } from '../auth/auth.types.ts';
import type { TokenStore } from '../session/tokenStore.ts';
import { loginMachine } from '../login/login.machine.ts';
import type { ActorInputOf, PromiseFake } from '../machine-kit.ts';
import { ATTACH_RETRIES, ATTACH_RETRY_DELAY_MS } from '../payment-success/attach.ts';
import {
  accountCreationErrors,
  accountCreationOutcome,
  isEmailTaken,
  onboardingMachine,
} from './onboarding.machine.ts';
import { createOnboardingImplementations } from './onboarding.actors.ts';
import {
  selectIsCreatingAccount,
  selectIsSigningInToAttach,
  selectOnboardingAttachError,
  selectOnboardingFieldErrors,
  selectOnboardingFormError,
  selectOnboardingValues,
  selectOnboardingView,
  selectPlanSummary,
  selectRefusal,
  selectSignInOffer,
} from './onboarding.selectors.ts';
import type { OnboardingEvent, SessionVerification } from './onboarding.types.ts';

const paid: SessionVerification = {
  success: true,
  planDetails: { id: 'scale', name: 'Scale', price: 39.99 },
  billingCycle: 'yearly',
};

const tokens = { accessToken: 'access', refreshToken: 'refresh' };

type Fake<
  Name extends 'verifySession' | 'startRegistration' | 'finalizeRegistration' | 'attachCheckout',
> = PromiseFake<typeof onboardingMachine, Name>;

/** The login call of the onboarding's child, the login machine. */
type LogInFake = PromiseFake<typeof loginMachine, 'logIn'>;

interface Fakes {
  verify?: Fake<'verifySession'>;
  start?: Fake<'startRegistration'>;
  finalize?: Fake<'finalizeRegistration'>;
  logIn?: LogInFake;
  attach?: Fake<'attachCheckout'>;
}

const customer: Customer = {
  _id: 'c1',
  email: 'jeanne@boutique.fr',
  first_name: 'Jeanne',
  last_name: 'Durand',
  shop_domain: 'boutique.myshopify.com',
};

function start(
  sessionId: string | null,
  fakes: Fakes = {},
  inspect?: (event: InspectionEvent) => void,
) {
  const navigate = vi.fn();
  const notify = vi.fn();
  const clock = new SimulatedClock();
  const logins: ActorInputOf<typeof loginMachine, 'logIn'>[] = [];
  const attached: string[] = [];
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
        // The sign-in is the login machine, run as the onboarding's child with a fake call.
        login: loginMachine.provide({
          actors: {
            logIn: fromPromise(({ input }) => {
              logins.push(input);
              return (fakes.logIn ?? (async () => ({ user: customer, tokens })))(input);
            }),
          },
          actions: {
            sessionStarted: (_, session) => {
              store.tokens = session.tokens;
              store.sessionsStarted += 1;
            },
          },
        }),
        attachCheckout: fromPromise(({ input }) => {
          attached.push(input.sessionId);
          return (fakes.attach ?? (async () => {}))(input);
        }),
      },
      actions: {
        navigate: (_, params) => navigate(params.to),
        notify: (_, notification) => notify(notification),
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
    { input: { sessionId }, clock, ...(inspect === undefined ? {} : { inspect }) },
  ).start();
  return { actor, navigate, notify, clock, store, requests, logins, attached };
}

type Actor = ReturnType<typeof start>['actor'];

const fill: OnboardingEvent[] = [
  { type: 'onboarding.change', field: 'firstName', value: 'Jeanne' },
  { type: 'onboarding.change', field: 'lastName', value: 'Durand' },
  { type: 'onboarding.change', field: 'email', value: 'jeanne@boutique.fr' },
  { type: 'onboarding.change', field: 'password', value: 'MotDePasse1' },
  { type: 'onboarding.change', field: 'confirmPassword', value: 'MotDePasse1' },
  { type: 'onboarding.toggle', field: 'acceptTerms', value: true },
];

async function granted(actor: Actor) {
  await waitFor(actor, (s) => selectOnboardingView(s) !== 'verifying');
  expect(selectOnboardingView(actor.getSnapshot())).toBe('form');
}

describe('onboarding: the paid session', () => {
  test('a missing session id shows the resend form: no redirect, no call', () => {
    for (const sessionId of [null, '', '  ']) {
      const { actor, navigate, requests } = start(sessionId);
      expect(navigate).not.toHaveBeenCalled();
      expect(selectOnboardingView(actor.getSnapshot())).toBe('recover');
      expect(actor.getSnapshot().status).toBe('active');
      expect(requests).toEqual([]);
    }
  });

  test("the checkout's email fills the form's email field, which stays editable", async () => {
    const { actor } = start('cs_1', {
      verify: async () => ({ ...paid, email: 'jeanne@boutique.fr' }),
    });
    await granted(actor);
    expect(selectOnboardingValues(actor.getSnapshot()).email).toBe('jeanne@boutique.fr');
    actor.send({ type: 'onboarding.change', field: 'email', value: 'autre@boutique.fr' });
    expect(selectOnboardingValues(actor.getSnapshot()).email).toBe('autre@boutique.fr');
  });

  test('without an email in the verification the field starts empty', async () => {
    for (const email of [undefined, null]) {
      const { actor } = start('cs_1', { verify: async () => ({ ...paid, email }) });
      await granted(actor);
      expect(selectOnboardingValues(actor.getSnapshot()).email).toBe('');
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
    actor.send({ type: 'onboarding.change', field: 'confirmPassword', value: 'MotDePasse1' });
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
        password: 'MotDePasse1',
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
      password: 'MotDePasse1',
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

const emailTaken = () =>
  Promise.reject(
    new ApiError({ kind: 'http', status: 409, data: { message: 'Cet email est déjà utilisé' } }),
  );

/** The form filled and submitted; finalize answered 409 'Cet email est déjà utilisé'. */
async function offered(fakes: Fakes = {}, inspect?: (event: InspectionEvent) => void) {
  const started = start('cs_1', { finalize: emailTaken, ...fakes }, inspect);
  await granted(started.actor);
  for (const event of fill) started.actor.send(event);
  started.actor.send({ type: 'onboarding.submit' });
  await waitFor(started.actor, (s) => selectSignInOffer(s) !== null);
  return started;
}

describe('onboarding: the email already has an account', () => {
  test('409 on the email offers to sign in, the email filled in, the form kept', async () => {
    const { actor } = await offered();
    expect(selectOnboardingFieldErrors(actor.getSnapshot())).toEqual({
      email: 'Cet email est déjà utilisé',
    });
    expect(selectSignInOffer(actor.getSnapshot())).toEqual({
      values: { email: 'jeanne@boutique.fr', password: '' },
      fieldErrors: {},
      error: null,
    });
    expect(selectOnboardingValues(actor.getSnapshot()).firstName).toBe('Jeanne');
    expect(selectIsSigningInToAttach(actor.getSnapshot())).toBe(false);
  });

  test('only a 409 about the email offers it', () => {
    const conflict = (message: string, status = 409) =>
      new ApiError({ kind: 'http', status, data: { message } });
    expect(isEmailTaken(conflict('Cet email est déjà utilisé'))).toBe(true);
    expect(isEmailTaken(conflict('Un compte existe déjà pour cet email'))).toBe(true);
    expect(isEmailTaken(conflict('Paiement déjà utilisé'))).toBe(false);
    expect(isEmailTaken(conflict('Le mot de passe est trop faible'))).toBe(false);
    expect(isEmailTaken(conflict('Cet email est déjà utilisé', 400))).toBe(false);
    expect(isEmailTaken(new Error('email'))).toBe(false);
  });

  test('another creation error offers nothing', async () => {
    const { actor } = start('cs_1', {
      finalize: () =>
        Promise.reject(
          new ApiError({ kind: 'http', status: 409, data: { message: 'Paiement déjà utilisé' } }),
        ),
    });
    await granted(actor);
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.submit' });
    await waitFor(actor, (s) => !selectIsCreatingAccount(s));
    expect(selectSignInOffer(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'onboarding.signInAndAttach' });
    expect(selectIsSigningInToAttach(actor.getSnapshot())).toBe(false);
  });

  test('sign in, attach the session, then Mon abonnement with the success notification', async () => {
    const { actor, store, logins, attached, notify, navigate } = await offered();
    store.invite = 'invite-1';
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'ancienMotDePasse' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    expect(selectIsSigningInToAttach(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(logins).toEqual([
      { email: 'jeanne@boutique.fr', password: 'ancienMotDePasse', rememberMe: false },
    ]);
    // The login's session is stored and announced before the attach call.
    expect(store.tokens).toEqual(tokens);
    expect(store.sessionsStarted).toBe(1);
    expect(attached).toEqual(['cs_1']);
    expect(store.invite).toBeNull();
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Votre abonnement est actif.',
    });
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=subscription');
  });

  test("a wrong password shows the login's words and keeps what was typed", async () => {
    let answer: LogInFake = () =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 401,
          data: { message: 'Email ou mot de passe incorrect' },
        }),
      );
    const { actor, attached, store } = await offered({ logIn: (input) => answer(input) });
    actor.send({ type: 'onboarding.changeSignIn', field: 'email', value: 'jeanne@autre.fr' });
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'mauvais1' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    await waitFor(actor, (s) => !selectIsSigningInToAttach(s));
    expect(selectSignInOffer(actor.getSnapshot())).toEqual({
      values: { email: 'jeanne@autre.fr', password: 'mauvais1' },
      fieldErrors: {},
      error: 'Email ou mot de passe incorrect',
    });
    expect(attached).toEqual([]);
    expect(store.sessionsStarted).toBe(0);
    // A refusal without words gives the login's fallback.
    answer = () => Promise.reject(new ApiError({ kind: 'http', status: 400 }));
    actor.send({ type: 'onboarding.signInAndAttach' });
    expect(selectSignInOffer(actor.getSnapshot())?.error).toBeNull();
    await waitFor(actor, (s) => !selectIsSigningInToAttach(s));
    expect(selectSignInOffer(actor.getSnapshot())?.error).toBe('Erreur lors de la connexion');
  });

  test("'Utiliser un autre email': the form as typed, the email's error kept, no call", async () => {
    const { actor, requests, logins } = await offered();
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'ancienMotDePasse' });
    const typed = selectOnboardingValues(actor.getSnapshot());
    actor.send({ type: 'onboarding.useAnotherEmail' });
    const snapshot = actor.getSnapshot();
    expect(selectSignInOffer(snapshot)).toBeNull();
    expect(selectOnboardingView(snapshot)).toBe('form');
    expect(selectOnboardingValues(snapshot)).toEqual(typed);
    expect(selectOnboardingFieldErrors(snapshot)).toEqual({ email: 'Cet email est déjà utilisé' });
    expect(requests).toHaveLength(1);
    expect(logins).toEqual([]);
    // The same email again: the offer comes back, with the account's email from the form.
    actor.send({ type: 'onboarding.submit' });
    await waitFor(actor, (s) => selectSignInOffer(s) !== null);
    expect(selectSignInOffer(actor.getSnapshot())?.values.email).toBe('jeanne@boutique.fr');
    expect(requests).toHaveLength(2);
  });

  test('the sign-in is the login machine, a child of the onboarding: the inspector shows it', async () => {
    const seen: InspectionEvent[] = [];
    const { actor, logins } = await offered({}, (event) => seen.push(event));
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'ancienMotDePasse' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    await waitFor(actor, (s) => s.status === 'done');
    const ofLogin = seen.filter(
      (event) => (event.actorRef as { logic?: { id?: string } }).logic?.id === 'login',
    );
    expect(ofLogin.map((event) => event.type)).toContain('@xstate.actor');
    expect(ofLogin.every((event) => event.rootId === actor.sessionId)).toBe(true);
    // The login's own event carries what the offer holds.
    expect(
      ofLogin.flatMap((event) => (event.type === '@xstate.event' ? [event.event] : [])),
    ).toContainEqual({
      type: 'login.submit',
      email: 'jeanne@boutique.fr',
      password: 'ancienMotDePasse',
    });
    expect(logins).toHaveLength(1);
  });

  test("the login form's rules apply before any call", async () => {
    const { actor, logins } = await offered();
    actor.send({ type: 'onboarding.changeSignIn', field: 'email', value: 'pas-un-email' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    expect(selectIsSigningInToAttach(actor.getSnapshot())).toBe(false);
    expect(selectSignInOffer(actor.getSnapshot())?.fieldErrors).toEqual({
      email: "Format d'email invalide",
      password: 'Le mot de passe est requis',
    });
    expect(logins).toEqual([]);
  });

  test('a new account submit withdraws the offer', async () => {
    let finalized = 0;
    const { actor, requests } = await offered({
      finalize: () => (++finalized === 1 ? emailTaken() : new Promise(() => {})),
    });
    actor.send({ type: 'onboarding.change', field: 'email', value: 'autre@boutique.fr' });
    actor.send({ type: 'onboarding.submit' });
    expect(selectSignInOffer(actor.getSnapshot())).toBeNull();
    expect(requests.map((request) => request.email)).toEqual([
      'jeanne@boutique.fr',
      'autre@boutique.fr',
    ]);
  });

  test(`'pas encore confirmé' is asked again ${ATTACH_RETRIES} times, ${ATTACH_RETRY_DELAY_MS} ms apart; then 'Réessayer'`, async () => {
    const notConfirmed = new ApiError({
      kind: 'http',
      status: 409,
      data: { message: "Le paiement n'est pas encore confirmé. Réessayez dans un instant." },
    });
    let confirmed = false;
    const { actor, clock, attached, navigate } = await offered({
      attach: () => (confirmed ? Promise.resolve() : Promise.reject(notConfirmed)),
    });
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'ancienMotDePasse' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    for (let retry = 1; retry <= ATTACH_RETRIES; retry += 1) {
      await waitFor(actor, (s) => s.matches({ granted: 'waitingToAttach' }));
      expect(selectIsSigningInToAttach(actor.getSnapshot())).toBe(true);
      clock.increment(ATTACH_RETRY_DELAY_MS);
      await waitFor(actor, () => attached.length === retry + 1);
    }
    await waitFor(actor, (s) => selectOnboardingAttachError(s) !== null);
    expect(attached).toHaveLength(ATTACH_RETRIES + 1);
    expect(selectOnboardingAttachError(actor.getSnapshot())).toBe(
      "Le paiement n'est pas encore confirmé. Réessayez dans un instant.",
    );
    expect(selectIsSigningInToAttach(actor.getSnapshot())).toBe(false);
    confirmed = true;
    actor.send({ type: 'onboarding.retryAttach' });
    expect(selectOnboardingAttachError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=subscription');
  });

  test("a payment attached elsewhere: the server's words at once", async () => {
    const message = 'Ce paiement est déjà rattaché à un autre compte.';
    const { actor, attached } = await offered({
      attach: () => Promise.reject(new ApiError({ kind: 'http', status: 409, data: { message } })),
    });
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'ancienMotDePasse' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    await waitFor(actor, (s) => selectOnboardingAttachError(s) !== null);
    expect(selectOnboardingAttachError(actor.getSnapshot())).toBe(message);
    expect(attached).toHaveLength(1);
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
        createOnboardingImplementations({ client, notify: vi.fn(), navigate, onSessionStarted }),
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

describe('onboarding implementations: sign in and attach', () => {
  test('the login call, its tokens stored, then attach with the session id', async () => {
    const tokenStore = {
      getAccessToken: () => null,
      getRefreshToken: () => null,
      setTokens: vi.fn(),
      clearTokens: vi.fn(),
      getInviteToken: () => 'invite-9',
      setInviteToken: vi.fn(),
      clearInviteToken: vi.fn(),
      subscribe: () => () => {},
    } satisfies TokenStore;
    const GET = vi.fn().mockResolvedValue({ data: { ...paid, email: 'jeanne@boutique.fr' } });
    const POST = vi.fn(async (path: string) => {
      if (path === '/api/onboarding/register/start')
        return { data: { data: { invite_token: 'invite-9' } } };
      if (path === '/api/onboarding/register/finalize')
        throw new ApiError({
          kind: 'http',
          status: 409,
          data: { message: 'Cet email est déjà utilisé' },
        });
      if (path === '/api/client/auth/login') return { data: { customer, tokens } };
      return { data: {} };
    });
    const notify = vi.fn();
    const navigate = vi.fn();
    const onSessionStarted = vi.fn();
    const client = { api: { GET, POST }, tokenStore } as unknown as PortalClient;
    const actor = createActor(
      onboardingMachine.provide(
        createOnboardingImplementations({ client, notify, navigate, onSessionStarted }),
      ),
      { input: { sessionId: 'cs_9' } },
    ).start();
    await granted(actor);
    for (const event of fill) actor.send(event);
    actor.send({ type: 'onboarding.submit' });
    await waitFor(actor, (s) => selectSignInOffer(s) !== null);
    actor.send({ type: 'onboarding.changeSignIn', field: 'password', value: 'ancienMotDePasse' });
    actor.send({ type: 'onboarding.signInAndAttach' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(POST.mock.calls.map(([path]) => path)).toEqual([
      '/api/onboarding/register/start',
      '/api/onboarding/register/finalize',
      '/api/client/auth/login',
      '/api/client/subscription/attach',
    ]);
    expect(POST).toHaveBeenCalledWith(
      '/api/client/auth/login',
      expect.objectContaining({
        body: { email: 'jeanne@boutique.fr', password: 'ancienMotDePasse', rememberMe: false },
      }),
    );
    expect(POST).toHaveBeenLastCalledWith(
      '/api/client/subscription/attach',
      expect.objectContaining({ body: { session_id: 'cs_9' } }),
    );
    expect(tokenStore.setTokens).toHaveBeenCalledWith(tokens);
    expect(onSessionStarted).toHaveBeenCalledTimes(1);
    expect(tokenStore.clearInviteToken).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Votre abonnement est actif.',
    });
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=subscription');
  });
});
