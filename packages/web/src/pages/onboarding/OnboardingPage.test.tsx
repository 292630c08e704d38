import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderApp, renderPage } from '../../testing/render.tsx';
import {
  json,
  pending,
  refuse,
  sampleTokens,
  type SampleHandler,
} from '../../testing/sampleBackend.ts';
import { noSubscription, samplePaidSession, sampleUser } from '../../testing/sampleData.ts';
import OnboardingPage from './OnboardingPage.tsx';

const verifyCall = 'GET /api/onboarding/sessions/:id';
const finalizeCall = 'POST /api/onboarding/register/finalize';

describe('onboarding page', () => {
  test('spinner while the payment is verified', () => {
    renderPage(<OnboardingPage />, '/onboarding?session_id=cs_1', {
      answers: { [verifyCall]: pending },
    });
    expect(screen.getByRole('progressbar', { name: 'Vérification du paiement…' })).toBeTruthy();
  });

  test('a refused session shows Accès refusé and leads back to pricing', async () => {
    const user = userEvent.setup();
    const { navigated } = renderPage(<OnboardingPage />, '/onboarding?session_id=cs_x', {
      answers: { [verifyCall]: refuse(404, 'inconnue') },
    });
    expect(
      await screen.findByRole('heading', { name: messages.onboarding.accessDenied }),
    ).toBeTruthy();
    expect(screen.getByText(messages.onboarding.accessDeniedText)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retour aux tarifs' }));
    expect(navigated).toEqual([
      `/pricing?${new URLSearchParams({ error: messages.onboarding.invalidSession }).toString()}`,
    ]);
  });

  test('the plan summary, the field errors, then the account and /dashboard', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const finalize: SampleHandler = ({ body }) => {
      sent.push(body);
      return json({ message: 'Compte créé', tokens: sampleTokens() }, 201);
    };
    const { navigated } = renderPage(<OnboardingPage />, '/onboarding?session_id=cs_1', {
      answers: {
        // A checkout that gave no email: the field starts empty.
        [verifyCall]: () =>
          json({
            success: true,
            planDetails: samplePaidSession.planDetails,
            billingCycle: samplePaidSession.billingCycle,
          }),
        [finalizeCall]: finalize,
      },
    });
    expect(await screen.findByText('Scale')).toBeTruthy();
    expect(screen.getByText(/407,89\s€ \/ an/)).toBeTruthy();
    expect(screen.getByText(/Annuelle/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    for (const message of [
      messages.validation.firstNameRequired,
      messages.validation.lastNameRequired,
      messages.validation.emailRequired,
      messages.validation.passwordRequired,
      messages.validation.termsRequired,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }

    await user.type(screen.getByLabelText('Prénom'), 'Jeanne');
    await user.type(screen.getByLabelText('Nom'), 'Martin');
    await user.type(screen.getByLabelText('Email'), 'jeanne@boutique.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'court');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'autre');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByText(messages.validation.passwordMin8)).toBeTruthy();
    // A too-short password does not hide the mismatch: both are said at once.
    expect(screen.getByText(messages.validation.passwordsMismatch)).toBeTruthy();
    expect(screen.queryByText(messages.validation.firstNameRequired)).toBeNull();

    await user.clear(screen.getByLabelText('Mot de passe'));
    await user.type(screen.getByLabelText('Mot de passe'), 'Boutique2026');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByText(messages.validation.passwordsMismatch)).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirmation du mot de passe'));
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Boutique2026');
    await user.click(screen.getByText("J'accepte les conditions d'utilisation"));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(navigated).toEqual(['/dashboard']));
    expect(sent).toEqual([
      {
        email: 'jeanne@boutique.test',
        password: 'Boutique2026',
        first_name: 'Jeanne',
        last_name: 'Martin',
        newsletter: false,
        planId: 'scale',
        billingCycle: 'yearly',
      },
    ]);
  });

  test('submitting: the button reads Création en cours... and is disabled; a taken email is a field error', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    renderPage(<OnboardingPage />, '/onboarding?session_id=cs_1', {
      answers: {
        [finalizeCall]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    await user.type(await screen.findByLabelText('Prénom'), 'Jeanne');
    await user.type(screen.getByLabelText('Nom'), 'Martin');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jeanne@boutique.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Boutique2026');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Boutique2026');
    await user.click(screen.getByText("J'accepte les conditions d'utilisation"));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const submitting = await screen.findByRole('button', { name: messages.onboarding.submitting });
    expect(submitting.hasAttribute('disabled')).toBe(true);
    answer(json({ message: 'Un compte existe déjà pour cet email' }, 409));
    expect(await screen.findByText(messages.onboarding.emailTaken)).toBeTruthy();
    // The email has an account: the form waits behind 'Utiliser un autre email'.
    await user.click(screen.getByRole('button', { name: 'Utiliser un autre email' }));
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

/** Fills the creation form (the checkout's email is already there) and submits it. */
async function createAccount(user: ReturnType<typeof userEvent.setup>, email?: string) {
  await user.type(await screen.findByLabelText('Prénom'), 'Marie');
  await user.type(screen.getByLabelText('Nom'), 'Curie');
  if (email !== undefined) {
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), email);
  }
  await user.type(screen.getByLabelText('Mot de passe'), 'Boutique2026');
  await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Boutique2026');
  await user.click(screen.getByText("J'accepte les conditions d'utilisation"));
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

describe('onboarding: the checkout email and an existing account', () => {
  test("the checkout's email fills the Email field, which stays editable", async () => {
    const user = userEvent.setup();
    renderPage(<OnboardingPage />, '/onboarding?session_id=cs_sample');
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe(samplePaidSession.email);
    await user.clear(email);
    await user.type(email, 'autre@boutique.test');
    expect(email.value).toBe('autre@boutique.test');
  });

  test('the email has an account: sign in (a wrong password keeps what was typed), attach, Mon abonnement', async () => {
    const user = userEvent.setup();
    let loginAnswer: SampleHandler = refuse(401, 'Email ou mot de passe incorrect');
    const logins: unknown[] = [];
    const attached: unknown[] = [];
    const { backend, navigated, notification, services } = renderPage(
      <OnboardingPage />,
      '/onboarding?session_id=cs_sample',
      {
        initial: { subscription: noSubscription },
        answers: {
          [finalizeCall]: refuse(409, 'Cet email est déjà utilisé'),
          'POST /api/client/auth/login': (request) => {
            logins.push(request.body);
            return loginAnswer(request);
          },
          'POST /api/client/subscription/attach': ({ body }) => {
            attached.push(body);
            return json({});
          },
        },
      },
    );
    await createAccount(user, sampleUser.email);
    expect(
      await screen.findByText(
        'Un compte existe déjà avec cet email. Connectez-vous pour y rattacher votre paiement.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(messages.onboarding.emailTaken)).toBeTruthy();
    const accountEmail = screen.getByLabelText<HTMLInputElement>('Email du compte');
    expect(accountEmail.value).toBe(sampleUser.email);

    await user.type(screen.getByLabelText('Mot de passe du compte'), 'mauvais-mdp');
    await user.click(screen.getByRole('button', { name: 'Se connecter et rattacher' }));
    expect(await screen.findByText('Email ou mot de passe incorrect')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Mot de passe du compte').value).toBe(
      'mauvais-mdp',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Email du compte').value).toBe(sampleUser.email);
    expect(attached).toEqual([]);

    loginAnswer = () =>
      json({ message: 'Connexion réussie', customer: sampleUser, tokens: sampleTokens() });
    await user.clear(screen.getByLabelText('Mot de passe du compte'));
    await user.type(screen.getByLabelText('Mot de passe du compte'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Se connecter et rattacher' }));
    await waitFor(() => expect(navigated).toEqual(['/dashboard?tab=subscription']));
    expect(notification()).toEqual({ type: 'success', message: 'Votre abonnement est actif.' });
    expect(logins).toEqual([
      { email: sampleUser.email, password: 'mauvais-mdp', rememberMe: false },
      { email: sampleUser.email, password: 'Demo1234!', rememberMe: false },
    ]);
    expect(attached).toEqual([{ session_id: 'cs_sample' }]);
    // The login's session is the app's now, and the invite token is gone.
    expect(services.auth.getSnapshot().matches('authenticated')).toBe(true);
    expect(services.client.tokenStore.getInviteToken()).toBeNull();
    expect(backend.calls).toContain('POST /api/client/subscription/attach');
  });

  test("one way forward at a time: the offer, or the form as typed behind 'Utiliser un autre email'", async () => {
    const user = userEvent.setup();
    const { backend } = renderPage(<OnboardingPage />, '/onboarding?session_id=cs_sample', {
      answers: { [finalizeCall]: refuse(409, 'Cet email est déjà utilisé') },
    });
    await createAccount(user, sampleUser.email);
    const offer = await screen.findByRole('region', { name: 'Compte existant' });
    // The form whose button had focus is gone: focus is on the offer's heading, the one primary
    // button is the sign-in's.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Compte existant' }),
    );
    expect(screen.queryByRole('form', { name: 'Création du compte' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Créer mon compte' })).toBeNull();
    expect(offer.contains(screen.getByRole('button', { name: 'Se connecter et rattacher' }))).toBe(
      true,
    );
    const other = screen.getByRole('region', { name: 'Créer un compte avec un autre email' });
    expect(other.textContent).toContain(sampleUser.email);
    expect(other.textContent).toContain(messages.onboarding.emailTaken);
    await user.type(screen.getByLabelText('Mot de passe du compte'), 'ancien');

    await user.click(screen.getByRole('button', { name: 'Utiliser un autre email' }));
    expect(screen.queryByRole('region', { name: 'Compte existant' })).toBeNull();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    // Everything typed is there, the email with its error, and focus on it: the one to change.
    expect(email.value).toBe(sampleUser.email);
    expect(document.activeElement).toBe(email);
    expect(screen.getByText(messages.onboarding.emailTaken)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Prénom').value).toBe('Marie');
    expect(screen.getByLabelText<HTMLInputElement>('Nom').value).toBe('Curie');
    expect(screen.getByLabelText<HTMLInputElement>('Mot de passe').value).toBe('Boutique2026');
    expect(screen.getByLabelText<HTMLInputElement>('Confirmation du mot de passe').value).toBe(
      'Boutique2026',
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /J'accepte/ }).checked).toBe(
      true,
    );
    expect(backend.calls.filter((call) => call === finalizeCall)).toHaveLength(1);

    // The same email again: the offer again, the account's password as typed.
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByRole('region', { name: 'Compte existant' });
    expect(screen.getByLabelText<HTMLInputElement>('Mot de passe du compte').value).toBe('ancien');
  });

  test("a payment attached elsewhere: the server's words and 'Réessayer'", async () => {
    const user = userEvent.setup();
    renderPage(<OnboardingPage />, '/onboarding?session_id=cs_sample', {
      answers: {
        [finalizeCall]: refuse(409, 'Cet email est déjà utilisé'),
        'POST /api/client/subscription/attach': refuse(
          409,
          messages.purchase.paymentAttachedElsewhere,
        ),
      },
    });
    await createAccount(user);
    await user.type(await screen.findByLabelText('Mot de passe du compte'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Se connecter et rattacher' }));
    expect(
      await screen.findByText('Ce paiement est déjà rattaché à un autre compte.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    // Signed in to that account now: no other email to offer.
    expect(screen.queryByRole('button', { name: 'Utiliser un autre email' })).toBeNull();
  });
});

describe('onboarding without a usable session: the link mailed again', () => {
  const resendCall = 'POST /api/onboarding/resend-link';

  test("no session_id: 'Retrouver votre lien de création de compte', the email rule, the server's answer", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { backend, navigated } = renderPage(<OnboardingPage />, '/onboarding', {
      answers: {
        [resendCall]: ({ body }) => {
          sent.push(body);
          return json({ message: messages.purchase.resendSent }, 202);
        },
      },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Retrouver votre lien de création de compte' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect(screen.getByText(messages.validation.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect(screen.getByText(messages.validation.emailInvalid)).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nouveau@boutique-exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect(
      await screen.findByText(
        'Si un paiement a été fait avec cet email, le lien de création de compte vient de vous être envoyé.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ email: 'nouveau@boutique-exemple.fr' }]);
    expect(navigated).toEqual([]);
    expect(backend.calls).toEqual(['POST /api/onboarding/resend-link']);
  });

  test("429: the server's message", async () => {
    const user = userEvent.setup();
    renderPage(<OnboardingPage />, '/onboarding', {
      answers: { [resendCall]: refuse(429, 'Trop de demandes : réessayez dans une minute.') },
    });
    await user.type(screen.getByLabelText('Email'), 'nouveau@boutique-exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de demandes : réessayez dans une minute.',
    );
  });

  test("a refused session: 'Accès refusé', then the resend form", async () => {
    const user = userEvent.setup();
    const { backend } = renderPage(<OnboardingPage />, '/onboarding?session_id=cs_used', {
      answers: { [verifyCall]: refuse(409, 'Cette session de paiement a déjà servi') },
    });
    expect(
      await screen.findByRole('heading', { name: messages.onboarding.accessDenied }),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: messages.purchase.resendTitle }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'nouveau@boutique-exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await screen.findByText(messages.purchase.resendSent)).toBeTruthy();
    expect(backend.calls).toContain('POST /api/onboarding/resend-link');
  });

  test.each([false, true])('the route lets the page show (signed in: %s)', async (signedIn) => {
    const { navigated } = renderApp('/onboarding', { signedIn });
    expect(
      await screen.findByRole('heading', { name: messages.purchase.resendTitle }),
    ).toBeTruthy();
    expect(navigated).toEqual([]);
  });
});
