import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderApp, renderPage } from '../../testing/render.tsx';
import { networkFailure, pending, refuse } from '../../testing/sampleBackend.ts';
import { sampleAdmin, samplePassword, sampleUser } from '../../testing/sampleData.ts';
import LoginPage from './LoginPage.tsx';

const loginCall = 'POST /api/client/auth/login';

describe('login page', () => {
  test('empty form: both required messages, nothing sent', async () => {
    const user = userEvent.setup();
    const { backend } = renderPage(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(messages.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.validation.passwordRequired)).toBeTruthy();
    expect(backend.calls).not.toContain(loginCall);
    // Focus goes to the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  test('bad email and short password: format and length messages', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await user.type(screen.getByLabelText('Mot de passe'), '123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(messages.validation.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.validation.passwordMin6)).toBeTruthy();
  });

  test('a refused login shows the server message in the banner', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login', {
      answers: { [loginCall]: refuse(401, 'Email ou mot de passe incorrect') },
    });
    await user.type(screen.getByLabelText('Email'), sampleUser.email);
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais-mdp');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email ou mot de passe incorrect');
  });

  test('no answer at all: the fallback text', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login', { answers: { [loginCall]: networkFailure } });
    await user.type(screen.getByLabelText('Email'), sampleUser.email);
    await user.type(screen.getByLabelText('Mot de passe'), samplePassword);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.auth.loginError);
  });

  test('success goes to /dashboard with the success notification', async () => {
    const user = userEvent.setup();
    const { navigated } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), sampleUser.email);
    await user.type(screen.getByLabelText('Mot de passe'), samplePassword);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(navigated).toEqual(['/dashboard']));
    expect(await screen.findByText(messages.auth.loginSuccess)).toBeTruthy();
  });

  test('an admin leaves for the back office with a full page load, never the dashboard', async () => {
    const user = userEvent.setup();
    const { navigated, redirected, services } = renderApp('/login', {
      answers: {
        [loginCall]: () =>
          Response.json({
            message: 'ok',
            admin: sampleAdmin,
            tokens: { accessToken: 'access', refreshToken: 'refresh' },
          }),
      },
    });
    await user.type(await screen.findByLabelText('Email'), sampleAdmin.email);
    await user.type(screen.getByLabelText('Mot de passe'), samplePassword);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(redirected).toEqual(['/admin']));
    expect(navigated).toEqual([]);
    expect(services.client.tokenStore.getAccessToken()).toBe('access');
    expect(screen.queryByRole('heading', { name: /Tableau de bord/ })).toBeNull();
  });

  test('while the call runs the button is named Connexion en cours (react-aria announces it)', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login', { answers: { [loginCall]: pending } });
    await user.type(screen.getByLabelText('Email'), sampleUser.email);
    await user.type(screen.getByLabelText('Mot de passe'), samplePassword);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('button', { name: messages.auth.loggingIn })).toBeTruthy();
  });

  test('a native submit (script blocked) would post: the password never goes into the address', () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('form', { name: 'Connexion' }).getAttribute('method')).toBe('post');
  });

  test('links to the forgot-password screen', () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
