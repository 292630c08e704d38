import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages } from '../domain/messages.ts';
import { futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { forgotPasswordMachine, resetPasswordMachine } from './password-reset.machine.ts';
import {
  createForgotPasswordImplementations,
  createResetPasswordImplementations,
} from './password-reset.actors.ts';
import { selectIsPasswordReset } from './password-reset.selectors.ts';

function forgot(status: number) {
  const { client, requests } = scriptedClient({
    'POST /admin/auth/forgot-password': { status, body: { message: 'x' } },
  });
  const actor = createActor(
    forgotPasswordMachine.provide(createForgotPasswordImplementations({ client })),
  ).start();
  return { actor, requests };
}

describe('forgot password', () => {
  it('refuses an empty or malformed email without a call', () => {
    const { actor, requests } = forgot(200);
    actor.send({ type: 'forgot.submit', email: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: messages.validation.emailRequired,
    });
    actor.send({ type: 'forgot.submit', email: 'pas-un-email' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: messages.validation.emailInvalid,
    });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(requests).toEqual([]);
  });

  it('sends the trimmed email and ends on the same confirmation for any account', async () => {
    const { actor, requests } = forgot(200);
    actor.send({ type: 'forgot.submit', email: ' inconnu@boutique.fr ' });
    expect(actor.getSnapshot().value).toBe('sending');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/admin/auth/forgot-password',
        body: { email: 'inconnu@boutique.fr' },
        authorization: null,
      },
    ]);
  });

  it("a failed call says 'Erreur lors de l'envoi du lien de réinitialisation' and lets the user retry", async () => {
    const { actor } = forgot(500);
    actor.send({ type: 'forgot.submit', email: 'demo@theme-portal.test' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe(
      "Erreur lors de l'envoi du lien de réinitialisation",
    );
  });
});

function reset(
  token: string,
  answer: { status: number; body?: unknown },
  { signedIn = false } = {},
) {
  const { client, requests } = scriptedClient({ 'POST /admin/auth/reset-password': answer });
  if (signedIn) {
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'refresh' });
  }
  const notify = vi.fn();
  const onSessionEnded = vi.fn(() => {
    // The app's session ends once its tokens are gone.
    expect(client.tokenStore.getRefreshToken()).toBeNull();
  });
  const actor = createActor(
    resetPasswordMachine.provide(
      createResetPasswordImplementations({
        client,
        notify,
        isSignedIn: () => signedIn,
        onSessionEnded,
      }),
    ),
    { input: { token } },
  ).start();
  return { actor, requests, client, notify, onSessionEnded };
}

describe('reset password', () => {
  it('a link without a token is invalid', () => {
    const { actor } = reset('', { status: 200 });
    expect(actor.getSnapshot().value).toBe('invalidLink');
  });

  it('applies the password rules and the copy before any call', () => {
    const { actor, requests } = reset('tok_1', { status: 200 });
    actor.send({ type: 'reset.submit', password: '', confirmation: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password: messages.validation.newPasswordRequired,
      confirmation: messages.validation.confirmPasswordRequired,
    });
    actor.send({ type: 'reset.submit', password: 'court', confirmation: 'court' });
    expect(actor.getSnapshot().context.fieldErrors.password).toBe(messages.validation.passwordMin8);
    actor.send({ type: 'reset.submit', password: 'toutminuscule1', confirmation: 'x' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password: messages.validation.passwordComplexity,
      // The copy differs too: both messages show at once.
      confirmation: messages.validation.passwordsMismatch,
    });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Autre2026' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      confirmation: messages.validation.passwordsMismatch,
    });
    expect(requests).toEqual([]);
  });

  it('sends the token and the new password, then is done', async () => {
    const { actor, requests } = reset('tok_1', { status: 200, body: { message: 'ok' } });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(requests.map((r) => r.body)).toEqual([{ token: 'tok_1', password: 'Nouveau2026' }]);
  });

  it('signed out: the success panel, nothing else', async () => {
    const { actor, notify, onSessionEnded } = reset('tok_1', { status: 200 });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectIsPasswordReset(actor.getSnapshot())).toBe(true);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('signed in: the reset ended this session too, so it ends here, tokens gone, with the success notice', async () => {
    const { actor, client, notify, onSessionEnded } = reset(
      'tok_1',
      { status: 200 },
      { signedIn: true },
    );
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(client.tokenStore.getAccessToken()).toBeNull();
    expect(client.tokenStore.getRefreshToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: messages.auth.resetSuccess });
    expect(selectIsPasswordReset(actor.getSnapshot())).toBe(true);
  });

  it('signed in, a refused reset keeps the session', async () => {
    const { actor, client, onSessionEnded } = reset(
      'tok_1',
      { status: 400, body: { message: messages.auth.resetTokenInvalid } },
      { signedIn: true },
    );
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(client.tokenStore.getRefreshToken()).toBe('refresh');
  });

  it("the server's password rule goes on the field", async () => {
    const { actor } = reset('tok_1', {
      status: 400,
      body: { message: 'Données invalides', errors: { password: 'Trop faible' } },
    });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'Trop faible' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("no answer: 'Erreur lors de la réinitialisation du mot de passe'", async () => {
    const { actor } = reset('tok_1', { status: 500 });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe(
      'Erreur lors de la réinitialisation du mot de passe',
    );
  });

  it("an expired token: the server's own words", async () => {
    const { actor } = reset('tok_1', {
      status: 400,
      body: { message: messages.auth.resetTokenInvalid },
    });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe(messages.auth.resetTokenInvalid);
  });
});
