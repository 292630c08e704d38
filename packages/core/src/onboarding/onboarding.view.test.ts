import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { messages } from '../domain/messages.ts';
import { loginMachine } from '../login/login.machine.ts';
import type { PromiseFake } from '../machine-kit.ts';
import { ATTACH_RETRY_DELAY_MS } from '../payment-success/attach.ts';
import { onboardingMachine } from './onboarding.machine.ts';
import type { OnboardingEvent, SessionVerification } from './onboarding.types.ts';
import { connectOnboarding, type OnboardingFormScreen } from './onboarding.view.ts';

const paid: SessionVerification = {
  success: true,
  planDetails: { id: 'scale', name: 'Scale', price: 407.89 },
  billingCycle: 'yearly',
  email: 'jeanne@boutique.fr',
};
const tokens = { accessToken: 'access', refreshToken: 'refresh' };
const customer = {
  _id: 'c1',
  email: 'jeanne@boutique.fr',
  first_name: 'Jeanne',
  last_name: 'Durand',
  shop_domain: 'boutique.myshopify.com',
};
const never = () => new Promise<never>(() => {});

interface Fakes {
  verify?: PromiseFake<typeof onboardingMachine, 'verifySession'>;
  start?: PromiseFake<typeof onboardingMachine, 'startRegistration'>;
  finalize?: PromiseFake<typeof onboardingMachine, 'finalizeRegistration'>;
  logIn?: PromiseFake<typeof loginMachine, 'logIn'>;
  attach?: PromiseFake<typeof onboardingMachine, 'attachCheckout'>;
}

/** The onboarding over fakes (no DOM): its view, and the events its commands sent. */
function start(sessionId: string | null, fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        verifySession: fromPromise(({ input }) => (fakes.verify ?? (async () => paid))(input)),
        startRegistration: fromPromise(({ input }) =>
          (fakes.start ?? (async () => ({ inviteToken: 'invite' })))(input),
        ),
        finalizeRegistration: fromPromise(({ input }) => (fakes.finalize ?? never)(input)),
        login: loginMachine.provide({
          actors: {
            logIn: fromPromise(({ input }) =>
              (fakes.logIn ?? (async () => ({ user: customer, tokens })))(input),
            ),
          },
        }),
        attachCheckout: fromPromise(({ input }) => (fakes.attach ?? never)(input)),
      },
    }),
    { input: { sessionId }, clock },
  ).start();
  const sent: OnboardingEvent[] = [];
  /** The view of the snapshot now; its commands are recorded, then reach the actor. */
  const view = () =>
    connectOnboarding(actor.getSnapshot(), (event) => {
      sent.push(event);
      actor.send(event);
    });
  return { actor, clock, sent, view };
}

type Started = ReturnType<typeof start>;

async function formOf({ actor, view }: Started): Promise<OnboardingFormScreen> {
  await waitFor(actor, (s) => s.matches('granted'));
  const shown = view();
  if (shown.screen !== 'form') throw new Error(`the form is not shown: ${shown.screen}`);
  return shown;
}

function fill(started: Started) {
  const form = started.view();
  if (form.screen !== 'form' || form.form === null) throw new Error('no account form');
  form.form.field('firstName').onChange('Jeanne');
  form.form.field('lastName').onChange('Durand');
  form.form.field('password').onChange('Boutique2026');
  form.form.field('confirmPassword').onChange('Boutique2026');
  form.form.checkbox('acceptTerms').onChange(true);
}

const emailTaken = () =>
  Promise.reject(
    new ApiError({ kind: 'http', status: 409, data: { message: messages.onboarding.emailTaken } }),
  );

/** The form filled and sent; finalize answered 409 on the email: the offer stands. */
async function offered(fakes: Fakes = {}) {
  const started = start('cs_1', { finalize: emailTaken, ...fakes });
  await formOf(started);
  fill(started);
  const form = started.view();
  if (form.screen === 'form') form.form?.submit.press();
  await waitFor(started.actor, (s) => s.matches({ granted: { editing: 'existingAccount' } }));
  return started;
}

const offerOf = (started: Started) => {
  const shown = started.view();
  if (shown.screen !== 'form' || shown.offer === null) throw new Error('no offer');
  return shown.offer;
};

describe('onboarding view (docs/product.md#onboarding), headless, state by state', () => {
  test('no session in the address: the resend form is the page', () => {
    expect(start(null).view()).toEqual({ screen: 'recover' });
  });

  test('verifying, then starting the registration: the spinner and its label', async () => {
    const verifying = start('cs_1', { verify: never });
    expect(verifying.view()).toEqual({ screen: 'verifying', label: 'Vérification du paiement…' });
    const starting = start('cs_1', { start: never });
    await waitFor(starting.actor, (s) => s.matches('startingRegistration'));
    expect(starting.view()).toEqual({ screen: 'verifying', label: 'Vérification du paiement…' });
  });

  test("refused: 'Accès refusé', its text, 'Retour aux tarifs' and the resend form under it", async () => {
    const started = start('cs_1', { verify: async () => ({ success: false }) });
    await waitFor(started.actor, (s) => s.matches('refused'));
    const shown = started.view();
    expect(shown).toMatchObject({
      screen: 'refused',
      title: 'Accès refusé',
      text: "Vous n'avez pas les autorisations nécessaires pour accéder à cette page.",
      backToPricing: { label: 'Retour aux tarifs' },
    });
    if (shown.screen !== 'refused') return;
    shown.backToPricing.press();
    expect(started.sent).toEqual([{ type: 'onboarding.backToPricing' }]);
    // Leaving: nothing more to show.
    expect(started.view()).toEqual({ screen: 'leaving' });
  });

  test('granted: the title, the plan paid for in figures, the form with its labels', async () => {
    const started = start('cs_1');
    const shown = await formOf(started);
    expect(shown).toMatchObject({
      title: 'Créez votre compte',
      plan: {
        region: 'Votre formule',
        label: 'Paiement confirmé pour la formule',
        name: 'Scale',
        price: '407,89\u00a0€ / an',
        cycle: 'Annuelle',
      },
      error: null,
      offer: null,
    });
    const form = shown.form;
    expect(form).not.toBeNull();
    if (form === null) return;
    expect(form.label).toBe('Création du compte');
    const labels = (
      ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'company'] as const
    ).map((name) => form.field(name).label);
    expect(labels).toEqual([
      'Prénom',
      'Nom',
      'Email',
      'Mot de passe',
      'Confirmation du mot de passe',
      'Entreprise (facultatif)',
    ]);
    // The checkout's email, still editable; the new-password hint (docs/product.md#new-passwords).
    expect(form.field('email')).toMatchObject({ name: 'email', value: 'jeanne@boutique.fr' });
    expect(form.field('password').description).toBe(messages.validation.newPasswordHint);
    expect(form.field('firstName').description).toBeUndefined();
    expect(form.checkbox('acceptTerms')).toMatchObject({
      label: "J'accepte les conditions d'utilisation",
      isSelected: false,
      errorMessage: undefined,
    });
    expect(form.checkbox('newsletter').label).toBe('Je souhaite recevoir la newsletter');
    expect(form.terms).toEqual({
      label: 'Lire les conditions d’utilisation (nouvel onglet)',
      href: '/terms',
    });
    expect(form.submit).toMatchObject({ label: 'Créer mon compte', disabled: false });
  });

  test('a monthly plan reads / mois, Mensuelle', async () => {
    const shown = await formOf(
      start('cs_1', {
        verify: async () => ({
          success: true,
          planDetails: { id: 'basic', name: 'Basic', price: 19.99 },
          billingCycle: 'monthly',
        }),
      }),
    );
    expect(shown.plan).toMatchObject({ price: '19,99\u00a0€ / mois', cycle: 'Mensuelle' });
  });

  test('the commands send the onboarding events; the values and errors come back', async () => {
    const started = start('cs_1');
    await formOf(started);
    const form = () => {
      const shown = started.view();
      if (shown.screen !== 'form' || shown.form === null) throw new Error('no form');
      return shown.form;
    };
    form().submit.press();
    expect(form().field('firstName').errorMessage).toBe(messages.validation.firstNameRequired);
    expect(form().checkbox('acceptTerms').errorMessage).toBe(messages.validation.termsRequired);
    form().field('company').onChange('Ma SAS');
    form().checkbox('newsletter').onChange(true);
    expect(started.sent).toEqual([
      { type: 'onboarding.submit' },
      { type: 'onboarding.change', field: 'company', value: 'Ma SAS' },
      { type: 'onboarding.toggle', field: 'newsletter', value: true },
    ]);
    expect(form().field('company').value).toBe('Ma SAS');
    expect(form().checkbox('newsletter').isSelected).toBe(true);
  });

  test("submitting: the button reads 'Création en cours...' and is disabled", async () => {
    const started = start('cs_1');
    await formOf(started);
    fill(started);
    const shown = started.view();
    if (shown.screen === 'form') shown.form?.submit.press();
    expect(started.actor.getSnapshot().matches({ granted: 'submitting' })).toBe(true);
    expect((started.view() as OnboardingFormScreen).form?.submit).toMatchObject({
      label: 'Création en cours...',
      disabled: true,
    });
  });

  test('a failure no field explains: the alert above the form', async () => {
    const started = start('cs_1', {
      finalize: () => Promise.reject(new ApiError({ kind: 'network', status: 0 })),
    });
    await formOf(started);
    fill(started);
    (started.view() as OnboardingFormScreen).form?.submit.press();
    await waitFor(started.actor, (s) => s.matches({ granted: 'editing' }));
    expect((started.view() as OnboardingFormScreen).error).toBe(messages.onboarding.genericError);
  });

  test("the email has an account: the offer in the form's place, its email filled in", async () => {
    const started = await offered();
    const shown = started.view() as OnboardingFormScreen;
    expect(shown.form).toBeNull();
    const offer = offerOf(started);
    expect(offer).toMatchObject({
      title: 'Compte existant',
      notice: messages.purchase.existingAccount,
      attachFailure: null,
      otherEmail: {
        title: 'Créer un compte avec un autre email',
        email: 'jeanne@boutique.fr',
        error: messages.onboarding.emailTaken,
        kept: 'Vos autres informations sont gardées.',
        useAnotherEmail: { label: 'Utiliser un autre email', disabled: false },
      },
    });
    expect(offer.form?.label).toBe('Connexion au compte existant');
    expect(offer.form?.field('email')).toMatchObject({
      label: 'Email du compte',
      value: 'jeanne@boutique.fr',
    });
    expect(offer.form?.field('password')).toMatchObject({
      label: 'Mot de passe du compte',
      value: '',
    });
    expect(offer.form?.error).toBeNull();
    expect(offer.form?.submit).toMatchObject({
      label: 'Se connecter et rattacher',
      pending: false,
    });
  });

  test("the login child's rules and words show in the offer; what was typed stays", async () => {
    const started = await offered({
      logIn: () =>
        Promise.reject(
          new ApiError({
            kind: 'http',
            status: 401,
            data: { message: 'Email ou mot de passe incorrect' },
          }),
        ),
    });
    offerOf(started).form?.field('email').onChange('pas-un-email');
    offerOf(started).form?.submit.press();
    expect(offerOf(started).form?.field('email').errorMessage).toBe(
      messages.validation.emailInvalid,
    );
    expect(offerOf(started).form?.field('password').errorMessage).toBe(
      messages.validation.passwordRequired,
    );
    offerOf(started).form?.field('email').onChange('jeanne@boutique.fr');
    offerOf(started).form?.field('password').onChange('mauvais1');
    offerOf(started).form?.submit.press();
    // The login is under way: the button waits, the other email cannot be chosen meanwhile.
    expect(offerOf(started).form?.submit.pending).toBe(true);
    expect(offerOf(started).otherEmail?.useAnotherEmail.disabled).toBe(true);
    await waitFor(started.actor, (s) => !s.context.login.loggingIn);
    expect(offerOf(started).form?.error).toBe('Email ou mot de passe incorrect');
    expect(offerOf(started).form?.field('password').value).toBe('mauvais1');
    expect(offerOf(started).form?.submit.pending).toBe(false);
    expect(
      started.sent.filter((event) => event.type === 'onboarding.signInAndAttach'),
    ).toHaveLength(2);
  });

  test("'Utiliser un autre email': the form again, as typed, the email's error kept", async () => {
    const started = await offered();
    offerOf(started).otherEmail?.useAnotherEmail.press();
    const shown = started.view() as OnboardingFormScreen;
    expect(shown.offer).toBeNull();
    expect(shown.form?.field('firstName').value).toBe('Jeanne');
    expect(shown.form?.field('email').errorMessage).toBe(messages.onboarding.emailTaken);
    expect(started.sent.at(-1)).toEqual({ type: 'onboarding.useAnotherEmail' });
  });

  test('signed in, attaching (and waiting to retry): the button waits, no other email', async () => {
    const notConfirmed = new ApiError({
      kind: 'http',
      status: 409,
      data: { message: messages.purchase.paymentNotConfirmed },
    });
    const started = await offered({ attach: () => Promise.reject(notConfirmed) });
    offerOf(started).form?.field('password').onChange('Ancien123');
    offerOf(started).form?.submit.press();
    await waitFor(started.actor, (s) => s.matches({ granted: 'waitingToAttach' }));
    expect(offerOf(started).form?.submit.pending).toBe(true);
    expect(offerOf(started).otherEmail?.useAnotherEmail.disabled).toBe(true);
    started.clock.increment(ATTACH_RETRY_DELAY_MS);
    await waitFor(started.actor, (s) => s.matches({ granted: 'attaching' }));
    expect(offerOf(started).form?.submit.pending).toBe(true);
  });

  test("the attach failed: the reason and 'Réessayer' instead of the sign-in; no other email", async () => {
    const message = messages.purchase.paymentAttachedElsewhere;
    const started = await offered({
      attach: () => Promise.reject(new ApiError({ kind: 'http', status: 409, data: { message } })),
    });
    offerOf(started).form?.field('password').onChange('Ancien123');
    offerOf(started).form?.submit.press();
    await waitFor(started.actor, (s) => s.matches({ granted: 'attachFailed' }));
    const offer = offerOf(started);
    expect(offer.form).toBeNull();
    expect(offer.otherEmail).toBeNull();
    expect(offer.attachFailure).toMatchObject({ error: message, retry: { label: 'Réessayer' } });
    offer.attachFailure?.retry.press();
    expect(started.sent.at(-1)).toEqual({ type: 'onboarding.retryAttach' });
    expect(offerOf(started).form?.submit.pending).toBe(true);
  });

  test('created, or attached: the page is leaving', async () => {
    const created = start('cs_1', { finalize: async () => ({ tokens }) });
    await formOf(created);
    fill(created);
    (created.view() as OnboardingFormScreen).form?.submit.press();
    await waitFor(created.actor, (s) => s.status === 'done');
    expect(created.view()).toEqual({ screen: 'leaving' });
  });
});
