/** What the forgot and reset screens read, through their selectors only (headless). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deferred } from '../auth/testing.ts';
import { messages } from '../domain/messages.ts';
import { forgotPasswordMachine, resetPasswordMachine } from './password-reset.machine.ts';
import {
  selectForgotError,
  selectForgotFieldErrors,
  selectIsPasswordReset,
  selectIsResetLinkInvalid,
  selectIsResetLinkSent,
  selectIsSavingNewPassword,
  selectIsSendingResetLink,
  selectResetError,
  selectResetFieldErrors,
} from './password-reset.selectors.ts';

describe('forgot password screen', () => {
  it('field errors, sending, then sent; a failure shows the banner', async () => {
    let sending = deferred<void>();
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: { requestResetLink: fromPromise(() => sending.promise) },
      }),
    ).start();
    actor.send({ type: 'forgot.submit', email: '' });
    expect(selectForgotFieldErrors(actor.getSnapshot())).toEqual({
      email: messages.validation.emailRequired,
    });
    actor.send({ type: 'forgot.submit', email: 'jeanne@boutique.fr' });
    expect(selectIsSendingResetLink(actor.getSnapshot())).toBe(true);
    expect(selectForgotFieldErrors(actor.getSnapshot())).toEqual({});
    sending.reject(new Error('hors ligne'));
    await waitFor(actor, (s) => !selectIsSendingResetLink(s));
    expect(selectForgotError(actor.getSnapshot())).toBe(messages.auth.forgotPasswordError);
    expect(selectIsResetLinkSent(actor.getSnapshot())).toBe(false);
    sending = deferred<void>();
    actor.send({ type: 'forgot.submit', email: 'jeanne@boutique.fr' });
    sending.resolve();
    await waitFor(actor, selectIsResetLinkSent);
  });
});

describe('reset password screen', () => {
  const start = (token: string, reset: () => Promise<void>) =>
    createActor(resetPasswordMachine.provide({ actors: { resetPassword: fromPromise(reset) } }), {
      input: { token },
    }).start();

  it('a link without a token is invalid', () => {
    const actor = start('', async () => {});
    expect(selectIsResetLinkInvalid(actor.getSnapshot())).toBe(true);
  });

  it('field errors, saving, then done; a failure shows the banner', async () => {
    let saving = deferred<void>();
    const actor = start('tok_1', () => saving.promise);
    expect(selectIsResetLinkInvalid(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Autre2026' });
    expect(selectResetFieldErrors(actor.getSnapshot())).toEqual({
      confirmation: messages.validation.passwordsMismatch,
    });
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    expect(selectIsSavingNewPassword(actor.getSnapshot())).toBe(true);
    saving.reject(new Error('hors ligne'));
    await waitFor(actor, (s) => !selectIsSavingNewPassword(s));
    expect(selectResetError(actor.getSnapshot())).toBe(messages.auth.resetPasswordError);
    saving = deferred<void>();
    actor.send({ type: 'reset.submit', password: 'Nouveau2026', confirmation: 'Nouveau2026' });
    saving.resolve();
    await waitFor(actor, selectIsPasswordReset);
  });
});
