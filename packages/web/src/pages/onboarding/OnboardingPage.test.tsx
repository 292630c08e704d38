import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderPage } from '../../testing/render.tsx';
import {
  json,
  pending,
  refuse,
  sampleTokens,
  type SampleHandler,
} from '../../testing/sampleBackend.ts';
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
      answers: { [finalizeCall]: finalize },
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
    await user.type(screen.getByLabelText('Email'), 'jeanne@boutique.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Boutique2026');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Boutique2026');
    await user.click(screen.getByText("J'accepte les conditions d'utilisation"));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const submitting = await screen.findByRole('button', { name: messages.onboarding.submitting });
    expect(submitting.hasAttribute('disabled')).toBe(true);
    answer(json({ message: 'Un compte existe déjà pour cet email' }, 409));
    expect(await screen.findByText(messages.onboarding.emailTaken)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
  });
});
