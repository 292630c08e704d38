import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { deferred } from '../auth/testing.ts';
import { passwordMachine } from './password.machine.ts';
import { passwordCommands, passwordView } from './password.view.ts';

describe("'Sécurité' as its view model gives it", () => {
  it("closed, then the form, then 'Modification…' with the fields read-only while sent", () => {
    const sent = deferred<void>();
    const actor = createActor(
      passwordMachine.provide({ actors: { changePassword: fromPromise(() => sent.promise) } }),
      { clock: new SimulatedClock() },
    ).start();
    const { open, change, save } = passwordCommands(actor.send);
    expect(passwordView(actor.getSnapshot()).form).toBeNull();
    open();
    expect(passwordView(actor.getSnapshot()).form).toEqual({
      values: { current_password: '', new_password: '', confirm_password: '' },
      errors: {},
      error: null,
      readOnly: false,
      submit: { label: 'Modifier le mot de passe', pending: false },
    });
    change('current_password', 'ancien');
    change('new_password', 'Nouveau123');
    change('confirm_password', 'Nouveau123');
    save();
    expect(passwordView(actor.getSnapshot()).form).toMatchObject({
      readOnly: true,
      submit: { label: 'Modification…', pending: true },
    });
  });
});
