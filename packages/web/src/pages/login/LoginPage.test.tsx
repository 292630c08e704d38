import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, messages } from '@portal/core';
import { createTestServices, renderApp, renderPage } from '../../test/services.tsx';
import LoginPage from './LoginPage.tsx';

describe('login page', () => {
  test('empty form: both required messages, nothing sent', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { services } = createTestServices({
      logIn: async () => {
        calls += 1;
        throw new Error('unexpected');
      },
    });
    renderPage(<LoginPage />, services, '/login');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(messages.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.validation.passwordRequired)).toBeTruthy();
    expect(calls).toBe(0);
    // Focus goes to the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  test('bad email and short password: format and length messages', async () => {
    const user = userEvent.setup();
    const { services } = createTestServices();
    renderPage(<LoginPage />, services, '/login');
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await user.type(screen.getByLabelText('Mot de passe'), '123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(messages.validation.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.validation.passwordMin6)).toBeTruthy();
  });

  test('a refused login shows the server message in the banner', async () => {
    const user = userEvent.setup();
    const { services } = createTestServices({
      logIn: async () => {
        throw new ApiError({
          kind: 'http',
          status: 401,
          data: { message: 'Email ou mot de passe incorrect' },
        });
      },
    });
    renderPage(<LoginPage />, services, '/login');
    await user.type(screen.getByLabelText('Email'), 'demo@theme-portal.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais-mdp');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email ou mot de passe incorrect');
  });

  test('success goes to /dashboard with the success notification', async () => {
    const user = userEvent.setup();
    const { services, navigated } = createTestServices();
    renderApp('/login', services);
    await user.type(await screen.findByLabelText('Email'), 'demo@theme-portal.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(navigated).toEqual(['/dashboard']));
    expect(await screen.findByText(messages.auth.loginSuccess)).toBeTruthy();
  });

  test('while the call runs the button is named Connexion en cours (react-aria announces it)', async () => {
    const user = userEvent.setup();
    let answer!: (result: never) => void;
    const { services } = createTestServices({
      logIn: () => new Promise((_, reject) => (answer = reject)),
    });
    renderPage(<LoginPage />, services, '/login');
    await user.type(screen.getByLabelText('Email'), 'demo@theme-portal.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('button', { name: messages.auth.loggingIn })).toBeTruthy();
    answer(new Error('refusé') as never);
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  test('links to the forgot-password screen', () => {
    const { services } = createTestServices();
    renderPage(<LoginPage />, services, '/login');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
