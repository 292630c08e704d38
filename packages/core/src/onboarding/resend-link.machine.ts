import { assertEvent, assign, setup } from 'xstate';
import { object } from 'valibot';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import { emailSchema, validateForm, type FieldErrors } from '../domain/validation/form.ts';
import { notProvided } from '../machine-kit.ts';

/** The resend form: one email, with the rule of every email field. */
const resendLinkSchema = object({ email: emailSchema() });

export function validateResendLink(input: { email: string }) {
  return validateForm(resendLinkSchema, input);
}

/**
 * docs/product.md#onboarding: a refused resend says why: too many requests in the server's words
 * (else the 429 text), any other refusal in its words, else the resend fallback.
 */
export function resendLinkErrorMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: { 429: { serverMessageOr: messages.http[429] } },
    fallback: { serverMessageOr: messages.purchase.resendError },
  });
}

export interface ResendLinkContext {
  fieldErrors: FieldErrors<'email'>;
  error: string | null;
  /** The server's answer, the same whether or not that email paid. */
  sent: string | null;
}

export type ResendLinkEvent = { type: 'resend.submit'; email: string };

/**
 * `/onboarding` without a usable session: the account-creation link is mailed again to the email
 * given (`POST /api/onboarding/resend-link`). The form stays, so a mistyped email can be sent
 * again.
 */
export const resendLinkMachine = setup({
  types: {
    context: {} as ResendLinkContext,
    events: {} as ResendLinkEvent,
  },
  actors: {
    resendLink: notProvided<{ message: string }, { email: string }>('resendLink'),
  },
  guards: {
    isValid: ({ event }) => validateResendLink(event).success,
  },
}).createMachine({
  id: 'resendLink',
  context: { fieldErrors: {}, error: null, sent: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'resend.submit': [
          {
            guard: 'isValid',
            target: 'sending',
            actions: assign({ fieldErrors: {}, error: null, sent: null }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => {
                const result = validateResendLink(event);
                return result.success ? {} : result.errors;
              },
              error: null,
              sent: null,
            }),
          },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'resendLink',
        input: ({ event }) => {
          assertEvent(event, 'resend.submit');
          const result = validateResendLink(event);
          if (!result.success) throw new Error('resend.submit: invalid form');
          return result.output;
        },
        onDone: {
          target: 'editing',
          actions: assign({ sent: ({ event }) => event.output.message }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => resendLinkErrorMessage(event.error) }),
        },
      },
    },
  },
});
