import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine, messages } from '@portal/core';
import { createTestServices, fakeClient, renderPage } from '../../test/services.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

describe('forgot password', () => {
  test('validates the email, sends it, and confirms without saying whether the account exists', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const client = fakeClient(async (request) => {
      bodies.push({ path: new URL(request.url).pathname, body: await request.json() });
      return Response.json({ message: 'ok' });
    });
    const { services } = createTestServices({ client });
    renderPage(<ForgotPasswordPage />, services, '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(screen.getByText(messages.validation.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'inconnu@boutique.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(messages.auth.resetLinkSent)).toBeTruthy();
    expect(bodies).toEqual([
      { path: '/admin/auth/forgot-password', body: { email: 'inconnu@boutique.test' } },
    ]);
  });

  test('renders the injected machine: a refused request shows the spec error', async () => {
    const user = userEvent.setup();
    const { services } = createTestServices({
      machines: {
        forgotPassword: forgotPasswordMachine.provide({
          actors: {
            requestResetLink: fromPromise<void, { email: string }>(async () => {
              throw new Error('refusé');
            }),
          },
        }),
      },
    });
    renderPage(<ForgotPasswordPage />, services, '/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'demo@theme-portal.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.forgotPasswordError);
    expect(screen.queryByText(messages.auth.resetLinkSent)).toBeNull();
  });

  test('a failed call shows the spec error', async () => {
    const user = userEvent.setup();
    const client = fakeClient(() => Response.json({ message: 'boom' }, { status: 500 }));
    const { services } = createTestServices({ client });
    renderPage(<ForgotPasswordPage />, services, '/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'demo@theme-portal.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.forgotPasswordError);
  });
});

describe('reset password', () => {
  test('without a token the link is invalid', () => {
    const { services } = createTestServices();
    renderPage(<ResetPasswordPage />, services, '/reset-password');
    expect(screen.getByText(messages.auth.resetTokenInvalid)).toBeTruthy();
  });

  test('the copy must match, then the new password is saved with the token', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const client = fakeClient(async (request) => {
      bodies.push(await request.json());
      return Response.json({ message: 'ok' });
    });
    const { services } = createTestServices({ client });
    renderPage(<ResetPasswordPage />, services, '/reset-password?token=tok_1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau2026');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Autre2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(screen.getByText(messages.validation.passwordsMismatch)).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Confirmation du mot de passe'));
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText(messages.auth.resetSuccess)).toBeTruthy();
    expect(bodies).toEqual([{ token: 'tok_1', password: 'Nouveau2026' }]);
  });

  test("the server's password rule is shown on the field", async () => {
    const user = userEvent.setup();
    const client = fakeClient(() =>
      Response.json(
        {
          message: 'Données invalides',
          errors: { password: 'Le mot de passe doit contenir au moins 8 caractères' },
        },
        { status: 400 },
      ),
    );
    const { services } = createTestServices({ client });
    renderPage(<ResetPasswordPage />, services, '/reset-password?token=tok_1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'court');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(
      await screen.findByText('Le mot de passe doit contenir au moins 8 caractères'),
    ).toBeTruthy();
  });
});
