import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { deferred, futureAccessToken, scriptedClient } from '../auth/testing.ts';
import type { PasswordChangeValues } from '../domain/validation/password.ts';
import { createPasswordImplementations } from './password.actors.ts';
import { passwordMachine } from './password.machine.ts';
import {
  selectIsChangingPassword,
  selectIsPasswordFormOpen,
  selectPasswordError,
  selectPasswordFieldErrors,
  selectPasswordForm,
} from './password.selectors.ts';
import type { PromiseFake } from '../machine-kit.ts';

function start(
  change: PromiseFake<typeof passwordMachine, 'changePassword'> = async () => undefined,
) {
  const spies = { notify: vi.fn(), change: vi.fn(change) };
  const machine = passwordMachine.provide({
    actors: {
      changePassword: fromPromise(({ input }) => spies.change(input)),
    },
    actions: { notify: (_, params) => spies.notify(params) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  actor.send({ type: 'password.open' });
  return { actor, spies };
}

function fill(actor: ReturnType<typeof start>['actor'], values: PasswordChangeValues) {
  for (const [field, value] of Object.entries(values) as [keyof PasswordChangeValues, string][]) {
    actor.send({ type: 'password.change', field, value });
  }
}

const valid = {
  current_password: 'ancien',
  new_password: 'Nouveau123',
  confirm_password: 'Nouveau123',
};

describe('password change', () => {
  it('opens, cancels and reopens empty', () => {
    const { actor } = start();
    expect(selectIsPasswordFormOpen(actor.getSnapshot())).toBe(true);
    fill(actor, valid);
    actor.send({ type: 'password.cancel' });
    expect(selectIsPasswordFormOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'password.open' });
    expect(selectPasswordForm(actor.getSnapshot())).toEqual({
      current_password: '',
      new_password: '',
      confirm_password: '',
    });
  });

  it('applies the rules: required, min 8, lower, upper, digit, confirmation equal', () => {
    const { actor, spies } = start();
    actor.send({ type: 'password.submit' });
    expect(selectPasswordFieldErrors(actor.getSnapshot())).toEqual({
      current_password: 'Le mot de passe actuel est requis',
      new_password: 'Le nouveau mot de passe est requis',
      confirm_password: 'La confirmation du mot de passe est requise',
    });
    fill(actor, { current_password: 'x', new_password: 'Court1', confirm_password: 'Court1' });
    actor.send({ type: 'password.submit' });
    expect(selectPasswordFieldErrors(actor.getSnapshot())).toEqual({
      new_password: 'Le mot de passe doit contenir au moins 8 caractères',
    });
    fill(actor, {
      current_password: 'x',
      new_password: 'toutminuscule1',
      confirm_password: 'toutminuscule1',
    });
    actor.send({ type: 'password.submit' });
    expect(selectPasswordFieldErrors(actor.getSnapshot())).toEqual({
      new_password: 'Le mot de passe doit contenir une minuscule, une majuscule et un chiffre',
    });
    fill(actor, {
      current_password: 'x',
      new_password: 'Nouveau123',
      confirm_password: 'Nouveau124',
    });
    actor.send({ type: 'password.submit' });
    expect(selectPasswordFieldErrors(actor.getSnapshot())).toEqual({
      confirm_password: 'Les mots de passe ne correspondent pas',
    });
    expect(spies.change).not.toHaveBeenCalled();
  });

  it('sends the three fields, refuses a second submit, notifies and closes', async () => {
    const saving = deferred<void>();
    const { actor, spies } = start(() => saving.promise);
    fill(actor, valid);
    actor.send({ type: 'password.submit' });
    expect(selectIsChangingPassword(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'password.submit' })).toBe(false);
    actor.send({ type: 'password.submit' });
    expect(spies.change).toHaveBeenCalledTimes(1);
    expect(spies.change).toHaveBeenCalledWith(valid);
    saving.resolve();
    await waitFor(actor, (s) => s.matches('closed'));
    expect(spies.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Mot de passe modifié avec succès',
    });
    expect(selectPasswordForm(actor.getSnapshot()).new_password).toBe('');
  });

  it.each([
    [
      new ApiError({ kind: 'http', status: 400, data: { message: 'Trop proche de l’ancien' } }),
      'Trop proche de l’ancien',
    ],
    [new ApiError({ kind: 'http', status: 400 }), 'Données invalides'],
    [
      new ApiError({ kind: 'http', status: 401, data: { message: 'x' } }),
      'Mot de passe actuel incorrect',
    ],
    [new ApiError({ kind: 'http', status: 500 }), 'Erreur lors du changement de mot de passe'],
    [new Error('boom'), 'Erreur lors du changement de mot de passe'],
  ])('maps %o to %s and keeps the typed values', async (failure, text) => {
    const { actor, spies } = start(() => Promise.reject(failure));
    fill(actor, valid);
    actor.send({ type: 'password.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(selectPasswordError(actor.getSnapshot())).toBe(text);
    expect(selectPasswordForm(actor.getSnapshot())).toEqual(valid);
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('calls PUT /api/client/auth/change-password over the portal client', async () => {
    const { client, requests } = scriptedClient({
      'PUT /api/client/auth/change-password': {
        status: 401,
        body: { message: 'Mauvais mot de passe' },
      },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const machine = passwordMachine.provide(
      createPasswordImplementations({ client, notify: vi.fn() }),
    );
    const actor = createActor(machine).start();
    actor.send({ type: 'password.open' });
    fill(actor, valid);
    actor.send({ type: 'password.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/client/auth/change-password',
        body: valid,
      }),
    ]);
    expect(selectPasswordError(actor.getSnapshot())).toBe('Mot de passe actuel incorrect');
    // A wrong current password does not end the session.
    expect(client.tokenStore.getAccessToken()).not.toBeNull();
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(passwordMachine, { inspect: (event) => seen.push(event.type) });
  actor.start();
  actor.send({ type: 'password.open' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});
