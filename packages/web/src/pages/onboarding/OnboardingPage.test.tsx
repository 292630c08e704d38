import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import {
  ApiError,
  messages,
  onboardingMachine,
  type FinalizeRequest,
  type FinalizeResult,
  type SessionVerification,
} from '@portal/core';
import { createTestServices, renderPage } from '../../test/services.tsx';
import OnboardingPage from './OnboardingPage.tsx';

const paid: SessionVerification = {
  success: true,
  planDetails: { id: 'scale', name: 'Scale', price: 407.89 },
  billingCycle: 'yearly',
};

function onboardingWith(
  navigate: (to: string) => void,
  finalize: (request: FinalizeRequest) => Promise<FinalizeResult>,
  verify: () => Promise<SessionVerification> = async () => paid,
) {
  return onboardingMachine.provide({
    actors: {
      verifySession: fromPromise<SessionVerification, { sessionId: string }>(verify),
      startRegistration: fromPromise(async () => ({ inviteToken: 'invite' })),
      finalizeRegistration: fromPromise<FinalizeResult, FinalizeRequest>(({ input }) =>
        finalize(input),
      ),
    },
    actions: { navigate: (_, params) => navigate(params.to) },
  });
}

describe('onboarding page', () => {
  test('spinner while the payment is verified', () => {
    const { services } = createTestServices({
      machines: {
        onboarding: onboardingWith(
          () => {},
          async () => ({}),
          () => new Promise(() => {}),
        ),
      },
    });
    renderPage(<OnboardingPage />, services, '/onboarding?session_id=cs_1');
    expect(screen.getByRole('progressbar', { name: 'Vérification du paiement…' })).toBeTruthy();
  });

  test('a refused session shows Accès refusé and leads back to pricing', async () => {
    const user = userEvent.setup();
    const navigated: string[] = [];
    const { services } = createTestServices({
      machines: {
        onboarding: onboardingWith(
          (to) => navigated.push(to),
          async () => ({}),
          async () => {
            throw new ApiError({ kind: 'http', status: 404, data: { message: 'inconnue' } });
          },
        ),
      },
    });
    renderPage(<OnboardingPage />, services, '/onboarding?session_id=cs_x');
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
    const navigated: string[] = [];
    const sent: FinalizeRequest[] = [];
    const { services } = createTestServices({
      machines: {
        onboarding: onboardingWith(
          (to) => navigated.push(to),
          async (request) => {
            sent.push(request);
            return { tokens: { accessToken: 'a', refreshToken: 'r' } };
          },
        ),
      },
    });
    renderPage(<OnboardingPage />, services, '/onboarding?session_id=cs_1');
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
    let fail: (error: unknown) => void = () => {};
    const { services } = createTestServices({
      machines: {
        onboarding: onboardingWith(
          () => {},
          () =>
            new Promise<FinalizeResult>((_, reject) => {
              fail = reject;
            }),
        ),
      },
    });
    renderPage(<OnboardingPage />, services, '/onboarding?session_id=cs_1');
    await user.type(await screen.findByLabelText('Prénom'), 'Jeanne');
    await user.type(screen.getByLabelText('Nom'), 'Martin');
    await user.type(screen.getByLabelText('Email'), 'jeanne@boutique.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Boutique2026');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Boutique2026');
    await user.click(screen.getByText("J'accepte les conditions d'utilisation"));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const pending = await screen.findByRole('button', { name: messages.onboarding.submitting });
    expect(pending.hasAttribute('disabled')).toBe(true);
    fail(
      new ApiError({
        kind: 'http',
        status: 409,
        data: { message: 'Un compte existe déjà pour cet email' },
      }),
    );
    expect(await screen.findByText(messages.onboarding.emailTaken)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
  });
});
