import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine, messages } from '@portal/core';
import { renderApp, renderPage } from '../../testing/render.tsx';
import { json, refuse, type SampleHandler } from '../../testing/sampleBackend.ts';
import ForgotPasswordPage, { ForgotPasswordView } from './ForgotPasswordPage.tsx';
import { ForgotPasswordProvider } from './passwordResetFlows.ts';
import ResetPasswordPage from './ResetPasswordPage.tsx';

/** Answers `answer` and keeps each request's body. */
function recording(answer: Response = json({ message: 'ok' })) {
  const bodies: unknown[] = [];
  const handler: SampleHandler = ({ body }) => {
    bodies.push(body);
    return answer.clone();
  };
  return { bodies, handler };
}

describe('forgot password', () => {
  test('validates the email, sends it, and confirms without saying whether the account exists', async () => {
    const user = userEvent.setup();
    const forgot = recording();
    const { backend } = renderPage(<ForgotPasswordPage />, '/forgot-password', {
      answers: { 'POST /admin/auth/forgot-password': forgot.handler },
    });
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(screen.getByText(messages.validation.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'inconnu@boutique.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(messages.auth.resetLinkSent)).toBeTruthy();
    expect(backend.calls).toEqual(['POST /admin/auth/forgot-password']);
    expect(forgot.bodies).toEqual([{ email: 'inconnu@boutique.test' }]);
  });

  test('renders the machine it is handed: a refused request shows the documented error', async () => {
    const user = userEvent.setup();
    const refusing = forgotPasswordMachine.provide({
      actors: {
        requestResetLink: fromPromise<void, { email: string }>(async () => {
          throw new Error('refusé');
        }),
      },
    });
    renderPage(
      <ForgotPasswordProvider logic={refusing}>
        <ForgotPasswordView />
      </ForgotPasswordProvider>,
      '/forgot-password',
    );
    await user.type(screen.getByLabelText('Email'), 'demo@theme-portal.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.forgotPasswordError);
    expect(screen.queryByText(messages.auth.resetLinkSent)).toBeNull();
  });

  test('a failed call shows the documented error', async () => {
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, '/forgot-password', {
      answers: { 'POST /admin/auth/forgot-password': refuse(500, 'boom') },
    });
    await user.type(screen.getByLabelText('Email'), 'demo@theme-portal.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.forgotPasswordError);
  });
});

describe('reset password', () => {
  test('without a token the link is invalid', () => {
    renderPage(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByText(messages.auth.resetTokenInvalid)).toBeTruthy();
  });

  test('the copy must match, then the new password is saved with the token', async () => {
    const user = userEvent.setup();
    const reset = recording();
    renderPage(<ResetPasswordPage />, '/reset-password?token=tok_1', {
      answers: { 'POST /admin/auth/reset-password': reset.handler },
    });
    // docs/product.md#new-passwords: the rule's hint, as on every new-password field.
    expect(screen.getByText(messages.validation.newPasswordHint)).toBeTruthy();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau2026');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Autre2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(screen.getByText(messages.validation.passwordsMismatch)).toBeTruthy();
    expect(reset.bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Confirmation du mot de passe'));
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText(messages.auth.resetSuccess)).toBeTruthy();
    expect(reset.bodies).toEqual([{ token: 'tok_1', password: 'Nouveau2026' }]);
  });

  test('signed in, the link still opens; the reset ends this session too: signed out, on /login, told it is done', async () => {
    const user = userEvent.setup();
    const reset = recording();
    const { navigated, services, notification } = renderApp('/reset-password?token=tok_1', {
      signedIn: true,
      answers: { 'POST /admin/auth/reset-password': reset.handler },
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau2026');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau2026');
    expect(navigated).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await waitFor(() => expect(navigated).toEqual(['/login']));
    expect(reset.bodies).toEqual([{ token: 'tok_1', password: 'Nouveau2026' }]);
    expect(services.auth.getSnapshot().matches('unauthenticated')).toBe(true);
    expect(services.client.tokenStore.getAccessToken()).toBeNull();
    expect(services.client.tokenStore.getRefreshToken()).toBeNull();
    expect(notification()).toEqual({ type: 'success', message: messages.auth.resetSuccess });
  });

  test("the server's password rule is shown on the field", async () => {
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, '/reset-password?token=tok_1', {
      answers: {
        'POST /admin/auth/reset-password': () =>
          json(
            {
              message: 'Données invalides',
              errors: { password: 'Le mot de passe doit contenir au moins 8 caractères' },
            },
            400,
          ),
      },
    });
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'court');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(
      await screen.findByText('Le mot de passe doit contenir au moins 8 caractères'),
    ).toBeTruthy();
  });
});
