import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { scriptedClient } from '../auth/testing.ts';
import type { PromiseFake } from '../machine-kit.ts';
import { createResendLinkImplementations } from './resend-link.actors.ts';
import { resendLinkErrorMessage, resendLinkMachine } from './resend-link.machine.ts';
import {
  selectIsResending,
  selectResendError,
  selectResendFieldErrors,
  selectResendSent,
} from './resend-link.selectors.ts';

const sentMessage =
  'Si un paiement a été fait avec cet email, le lien de création de compte vient de vous être envoyé.';

function start(answer: PromiseFake<typeof resendLinkMachine, 'resendLink'>) {
  const emails: string[] = [];
  const actor = createActor(
    resendLinkMachine.provide({
      actors: {
        resendLink: fromPromise(({ input }) => {
          emails.push(input.email);
          return answer(input);
        }),
      },
    }),
  ).start();
  return { actor, emails };
}

describe('resend the account-creation link', () => {
  test('the email rule applies before any call: required, then well formed', () => {
    const { actor, emails } = start(async () => ({ message: sentMessage }));
    actor.send({ type: 'resend.submit', email: '' });
    expect(selectResendFieldErrors(actor.getSnapshot())).toEqual({ email: "L'email est requis" });
    actor.send({ type: 'resend.submit', email: 'pas-un-email' });
    expect(selectResendFieldErrors(actor.getSnapshot())).toEqual({
      email: "Format d'email invalide",
    });
    expect(emails).toEqual([]);
    expect(selectIsResending(actor.getSnapshot())).toBe(false);
  });

  test("sends the trimmed email and shows the server's answer; the form stays for another try", async () => {
    const { actor, emails } = start(async () => ({ message: sentMessage }));
    actor.send({ type: 'resend.submit', email: '  jeanne@boutique.fr ' });
    expect(selectIsResending(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => !selectIsResending(s));
    expect(emails).toEqual(['jeanne@boutique.fr']);
    expect(selectResendSent(actor.getSnapshot())).toBe(sentMessage);
    expect(selectResendError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'resend.submit', email: 'autre@boutique.fr' });
    expect(selectResendSent(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => !selectIsResending(s));
    expect(emails).toEqual(['jeanne@boutique.fr', 'autre@boutique.fr']);
  });

  test("429: the server's words, else the 429 text", async () => {
    const { actor } = start(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 429,
          data: { message: 'Trop de demandes : réessayez dans une minute.' },
        }),
      ),
    );
    actor.send({ type: 'resend.submit', email: 'jeanne@boutique.fr' });
    await waitFor(actor, (s) => !selectIsResending(s));
    expect(selectResendError(actor.getSnapshot())).toBe(
      'Trop de demandes : réessayez dans une minute.',
    );
    expect(selectResendSent(actor.getSnapshot())).toBeNull();
    expect(resendLinkErrorMessage(new ApiError({ kind: 'http', status: 429 }))).toBe(
      'Trop de requêtes - veuillez patienter',
    );
  });

  test('no answer: the resend fallback', () => {
    expect(resendLinkErrorMessage(new ApiError({ kind: 'network', status: 0 }))).toBe(
      "Erreur lors de l'envoi du lien",
    );
    expect(resendLinkErrorMessage(new TypeError('Failed to fetch'))).toBe(
      "Erreur lors de l'envoi du lien",
    );
  });
});

describe('resend implementations', () => {
  test('POST /api/onboarding/resend-link {email}; the 202 message is the answer', async () => {
    const { client, requests } = scriptedClient({
      'POST /api/onboarding/resend-link': { status: 202, body: { message: sentMessage } },
    });
    const actor = createActor(
      resendLinkMachine.provide(createResendLinkImplementations({ client })),
    ).start();
    actor.send({ type: 'resend.submit', email: 'jeanne@boutique.fr' });
    await waitFor(actor, (s) => !selectIsResending(s));
    expect(requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      ['POST /api/onboarding/resend-link', { email: 'jeanne@boutique.fr' }],
    ]);
    expect(selectResendSent(actor.getSnapshot())).toBe(sentMessage);
  });
});
