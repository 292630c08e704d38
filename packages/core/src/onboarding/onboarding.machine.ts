import { assertEvent, assign, not, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import type { FieldErrors } from '../domain/validation/form.ts';
import { loginMachine } from '../login/login.machine.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import {
  ATTACH_RETRIES,
  ATTACH_RETRY_DELAY_MS,
  SUBSCRIPTION_TAB_PATH,
  attachErrorMessage,
  isPaymentNotYetConfirmed,
} from '../payment-success/attach.ts';
import {
  emptyOnboardingForm,
  validateOnboardingForm,
  type OnboardingField,
} from '../domain/validation/onboarding.ts';
import { notProvided } from '../machine-kit.ts';
import type { Tokens } from '../session/tokenStore.ts';
import type {
  FinalizeRequest,
  FinalizeResult,
  OnboardingContext,
  OnboardingEvent,
  OnboardingInput,
  PlanSummary,
  SessionVerification,
} from './onboarding.types.ts';

/**
 * Where a refused visitor goes back to, with the reason in the query (docs/product.md#onboarding).
 */
export function pricingRedirect(error: string): string {
  return `/pricing?${new URLSearchParams({ error }).toString()}`;
}

/**
 * docs/product.md#feature-errors: a refused answer means an invalid or expired session; no usable
 * answer, a failed check.
 */
export function sessionFailureMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: { '4xx': messages.onboarding.invalidSession },
    fallback: messages.onboarding.verificationError,
  });
}

/**
 * docs/product.md#feature-errors: account creation errors are mapped to the field they are about,
 * by their wording.
 */
export function accountCreationErrors(error: unknown): {
  fieldErrors: FieldErrors<OnboardingField>;
  formError: string | null;
} {
  const text = (
    isApiError(error)
      ? (error.serverMessage ?? error.message)
      : error instanceof Error
        ? error.message
        : ''
  ).toLowerCase();
  if (text.includes('email') || text.includes('existe')) {
    return { fieldErrors: { email: messages.onboarding.emailTaken }, formError: null };
  }
  if (text.includes('password') || text.includes('mot de passe')) {
    return { fieldErrors: { password: messages.onboarding.passwordRejected }, formError: null };
  }
  return { fieldErrors: {}, formError: unclassifiedCreationError(error) };
}

/**
 * A creation failure no field explains. One a retry may cure (no answer, the server down) gets
 * the alert of docs/product.md#feature-errors, which asks for one; an answer refusing for another
 * reason gives the server's own words, else the onboarding's fallback (see docs/decisions.md,
 * 'Visitor pages and app root').
 */
function unclassifiedCreationError(error: unknown): string {
  return messageFor(error, {
    // No answer (status 0: network, timeout), too many requests, the server down.
    byStatus: {
      0: messages.onboarding.genericError,
      429: messages.onboarding.genericError,
      '5xx': messages.onboarding.genericError,
    },
    fallback: { serverMessageOr: messages.onboarding.finishError },
  });
}

/**
 * docs/product.md#onboarding: after account creation, returned tokens open a session and the
 * dashboard; without them the new customer logs in first. The one owner of this rule (the app's
 * auth actor is told through the `sessionStarted` action, never by matching the destination).
 */
export function accountCreationOutcome(result: FinalizeResult): {
  startsSession: boolean;
  to: '/dashboard' | '/login';
} {
  return result.tokens !== undefined
    ? { startsSession: true, to: '/dashboard' }
    : { startsSession: false, to: '/login' };
}

/**
 * The email of a finalize refusal already has an account (409 on the email field): the page offers
 * to sign in to it and attach the payment there.
 */
export function isEmailTaken(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    accountCreationErrors(error).fieldErrors.email === messages.onboarding.emailTaken
  );
}

function summaryOf(answer: SessionVerification): PlanSummary | null {
  if (!answer.success || answer.planDetails === undefined) return null;
  return { plan: answer.planDetails, billingCycle: answer.billingCycle ?? 'monthly' };
}

const onboardingSetup = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    verifySession: notProvided<SessionVerification, { sessionId: string }>('verifySession'),
    startRegistration: notProvided<{ inviteToken: string }, { sessionId: string }>(
      'startRegistration',
    ),
    finalizeRegistration: notProvided<FinalizeResult, FinalizeRequest>('finalizeRegistration'),
    /**
     * The existing account's sign-in is the login form's machine (docs/product.md#login), run as a
     * child: its validation, banner words and call are the login's. Its `sessionStarted`, which on
     * the login page hands the session to the auth actor, stores and announces it here
     * (`createOnboardingImplementations`), as a new account's session is; then the child is done.
     */
    login: loginMachine,
    attachCheckout: notProvided<void, { sessionId: string }>('attachCheckout'),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    notify: (_, _notification: AppNotification) => {},
    storeInviteToken: (_, _params: { inviteToken: string }) => {},
    clearInviteToken: () => {},
    /** Only reached when the answer holds tokens (guard `startsSession`). */
    storeTokens: (_, _params: { tokens: Tokens | undefined }) => {},
    /** The new account's session is stored: the app's auth actor enters it. */
    sessionStarted: () => {},
    refuse: assign({ refusal: (_, params: { message: string }) => params.message }),
    setSummary: assign({ summary: (_, params: { summary: PlanSummary | null }) => params.summary }),
    /** The checkout's email fills the form's (still editable). */
    prefillEmail: assign({
      values: ({ context }, params: { email: string | null | undefined }) => ({
        ...context.values,
        email: params.email ?? '',
      }),
    }),
    /** The account's email starts as the form's; a password typed before stays. */
    offerSignIn: assign({
      signIn: ({ context }) => ({ ...context.signIn, email: context.values.email }),
      login: { fieldErrors: {}, error: null, loggingIn: false },
    }),
    /** What the login child shows, kept here so that the page reads one snapshot. */
    followLogin: assign({
      login: (_, params: { snapshot: SnapshotFrom<typeof loginMachine> }) => ({
        fieldErrors: params.snapshot.context.fieldErrors,
        error: params.snapshot.context.error,
        loggingIn: params.snapshot.matches('loggingIn'),
      }),
    }),
    editSignIn: assign({
      signIn: ({ context, event }) => {
        assertEvent(event, 'onboarding.changeSignIn');
        return { ...context.signIn, [event.field]: event.value };
      },
    }),
    countAttachAttempt: assign({ attachAttempts: ({ context }) => context.attachAttempts + 1 }),
    showAttachError: assign({
      attachError: (_, params: { error: unknown }) => attachErrorMessage(params.error),
    }),
    clearAttachError: assign({ attachError: null, attachAttempts: 0 }),
    edit: assign({
      values: ({ context, event }) => {
        if (event.type === 'onboarding.toggle')
          return { ...context.values, [event.field]: event.value };
        assertEvent(event, 'onboarding.change');
        return { ...context.values, [event.field]: event.value };
      },
    }),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => {
        const result = validateOnboardingForm(context.values);
        return result.success ? {} : result.errors;
      },
    }),
    showCreationErrors: assign((_, params: { error: unknown }) =>
      accountCreationErrors(params.error),
    ),
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null && context.sessionId.trim() !== '',
    isSessionPaid: (_, params: { answer: SessionVerification }) =>
      summaryOf(params.answer) !== null,
    isFormValid: ({ context }) => validateOnboardingForm(context.values).success,
    startsSession: (_, params: { result: FinalizeResult }) =>
      accountCreationOutcome(params.result).startsSession,
    isEmailTaken: (_, params: { error: unknown }) => isEmailTaken(params.error),
    /** The login child's call is under way: one sign-in at a time, and no other email meanwhile. */
    isLoggingIn: ({ context }) => context.login.loggingIn,
    /** Not confirmed yet, and retries left (see docs/decisions.md, 'Buying while signed in'). */
    mayRetryAttach: ({ context }, params: { error: unknown }) =>
      isPaymentNotYetConfirmed(params.error) && context.attachAttempts < ATTACH_RETRIES,
  },
  delays: {
    attachRetryDelay: ATTACH_RETRY_DELAY_MS,
  },
});

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    summary: null,
    values: emptyOnboardingForm,
    fieldErrors: {},
    formError: null,
    refusal: null,
    signIn: { email: '', password: '' },
    login: { fieldErrors: {}, error: null, loggingIn: false },
    attachAttempts: 0,
    attachError: null,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: {
      always: [{ guard: 'hasSessionId', target: 'verifying' }, { target: 'recovering' }],
    },
    // No session in the address: the page asks for the email to send the link again (the
    // resend form is a flow of its own, `resendLinkMachine`).
    recovering: {},
    verifying: {
      invoke: {
        src: 'verifySession',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: [
          {
            guard: { type: 'isSessionPaid', params: ({ event }) => ({ answer: event.output }) },
            target: 'startingRegistration',
            actions: [
              {
                type: 'setSummary',
                params: ({ event }) => ({ summary: summaryOf(event.output) }),
              },
              { type: 'prefillEmail', params: ({ event }) => ({ email: event.output.email }) },
            ],
          },
          {
            target: 'refused',
            actions: { type: 'refuse', params: { message: messages.onboarding.invalidSession } },
          },
        ],
        onError: {
          target: 'refused',
          actions: {
            type: 'refuse',
            params: ({ event }) => ({ message: sessionFailureMessage(event.error) }),
          },
        },
      },
    },
    // docs/product.md#onboarding, session-token variant: the paid session is exchanged for an
    // invite token.
    startingRegistration: {
      invoke: {
        src: 'startRegistration',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: {
          target: 'granted',
          actions: {
            type: 'storeInviteToken',
            params: ({ event }) => ({ inviteToken: event.output.inviteToken }),
          },
        },
        onError: {
          target: 'refused',
          actions: {
            type: 'refuse',
            params: ({ event }) => ({ message: sessionFailureMessage(event.error) }),
          },
        },
      },
    },
    refused: {
      on: {
        'onboarding.backToPricing': {
          target: 'redirected',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({
              to: pricingRedirect(context.refusal ?? messages.onboarding.invalidSession),
            }),
          },
        },
      },
    },
    granted: {
      initial: 'editing',
      states: {
        // The account form, as typed so far; after a 409 on its email, the existing account's
        // offer in front of it.
        editing: {
          initial: 'newAccount',
          on: {
            'onboarding.change': { actions: 'edit' },
            'onboarding.toggle': { actions: 'edit' },
            // docs/product.md#purchase-onboarding-form: errors are cleared at each submit.
            'onboarding.submit': [
              { guard: 'isFormValid', target: 'submitting', actions: 'clearErrors' },
              { actions: ['clearErrors', 'showFieldErrors'] },
            ],
          },
          states: {
            newAccount: {},
            // The email has an account: sign in to it (the login machine, a child: what was typed
            // stays on a refusal, its words show), then its session, then the attach. Not their
            // account: the creation form again, its values and the email's error kept (see
            // docs/decisions.md, 'Visitor pages and app root').
            existingAccount: {
              invoke: {
                id: 'login',
                src: 'login',
                onSnapshot: {
                  actions: {
                    type: 'followLogin',
                    params: ({ event }) => ({ snapshot: event.snapshot }),
                  },
                },
                // Signed in: the child stored and announced the session (its `sessionStarted`).
                onDone: '#onboarding.granted.attaching',
              },
              on: {
                'onboarding.changeSignIn': { actions: 'editSignIn' },
                // The login child checks what the offer holds, then calls (docs/product.md#login-form).
                'onboarding.signInAndAttach': {
                  guard: not('isLoggingIn'),
                  actions: onboardingSetup.sendTo('login', ({ context }) => ({
                    type: 'login.submit',
                    ...context.signIn,
                  })),
                },
                'onboarding.useAnotherEmail': { guard: not('isLoggingIn'), target: 'newAccount' },
              },
            },
          },
        },
        submitting: {
          invoke: {
            src: 'finalizeRegistration',
            input: ({ context }) => {
              const result = validateOnboardingForm(context.values);
              if (!result.success || context.summary === null) {
                throw new Error('onboarding: submitting without a valid form and a paid plan');
              }
              const { firstName, lastName, email, password, company, newsletter } = result.output;
              return {
                email,
                password,
                first_name: firstName,
                last_name: lastName,
                ...(company === '' ? {} : { company }),
                newsletter,
                planId: context.summary.plan.id,
                billingCycle: context.summary.billingCycle,
              };
            },
            onDone: [
              {
                guard: { type: 'startsSession', params: ({ event }) => ({ result: event.output }) },
                target: '#onboarding.completed',
                actions: [
                  {
                    type: 'storeTokens',
                    params: ({ event }) => ({ tokens: event.output.tokens }),
                  },
                  'clearInviteToken',
                  'sessionStarted',
                  {
                    type: 'navigate',
                    params: ({ event }) => ({ to: accountCreationOutcome(event.output).to }),
                  },
                ],
              },
              {
                target: '#onboarding.completed',
                actions: [
                  'clearInviteToken',
                  {
                    type: 'navigate',
                    params: ({ event }) => ({ to: accountCreationOutcome(event.output).to }),
                  },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                target: 'editing.existingAccount',
                actions: [
                  { type: 'showCreationErrors', params: ({ event }) => ({ error: event.error }) },
                  'offerSignIn',
                ],
              },
              {
                target: 'editing',
                actions: {
                  type: 'showCreationErrors',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            ],
          },
        },
        // The paid session becomes the signed-in account's subscription.
        attaching: {
          invoke: {
            src: 'attachCheckout',
            input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
            onDone: {
              target: '#onboarding.completed',
              actions: [
                'clearInviteToken',
                {
                  type: 'notify',
                  params: { type: 'success', message: messages.purchase.attached },
                },
                { type: 'navigate', params: { to: SUBSCRIPTION_TAB_PATH } },
              ],
            },
            onError: [
              {
                guard: {
                  type: 'mayRetryAttach',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: 'waitingToAttach',
                actions: 'countAttachAttempt',
              },
              {
                target: 'attachFailed',
                actions: {
                  type: 'showAttachError',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            ],
          },
        },
        waitingToAttach: {
          after: { attachRetryDelay: 'attaching' },
        },
        attachFailed: {
          on: { 'onboarding.retryAttach': { target: 'attaching', actions: 'clearAttachError' } },
        },
      },
    },
    completed: { type: 'final' },
    redirected: { type: 'final' },
  },
});
