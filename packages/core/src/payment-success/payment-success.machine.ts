import { and, assign, setup } from 'xstate';
import { formatCents } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import { paymentPlanName } from '../domain/plans.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import {
  ATTACH_RETRIES,
  ATTACH_RETRY_DELAY_MS,
  SUBSCRIPTION_TAB_PATH,
  attachErrorMessage,
  isPaymentNotYetConfirmed,
} from './attach.ts';

/** What the provider's return URL carries: `?session_id=...&plan=...&billing=...`. */
export interface PaymentSuccessInput {
  sessionId: string | null;
  planId: string | null;
  billing: string | null;
}

export interface PaymentSuccessContext {
  sessionId: string | null;
  planName: string;
  /** 'Mensuelle' or 'Annuelle'. */
  billingLabel: string;
  /** The amount paid in fr-FR euros; null until known (or when the session cannot be read). */
  amount: string | null;
  /** Attach calls answered 'not confirmed yet' in a row. */
  attachAttempts: number;
  /** Why the paid checkout could not be attached to the signed-in account. */
  attachError: string | null;
}

export type PaymentSuccessEvent = { type: 'paymentSuccess.retryAttach' };

/**
 * docs/product.md#payment-success: a visitor's page loads the checkout session's details, then
 * shows them. A signed-in customer's payment is attached to the account instead
 * (`POST /api/client/subscription/attach`), then 'Mon abonnement' opens: no onboarding.
 */
export const paymentSuccessMachine = setup({
  types: {
    input: {} as PaymentSuccessInput,
    context: {} as PaymentSuccessContext,
    events: {} as PaymentSuccessEvent,
  },
  actors: {
    loadCheckoutSession: notProvided<{ amountTotal: number }, { sessionId: string }>(
      'loadCheckoutSession',
    ),
    attachCheckout: notProvided<void, { sessionId: string }>('attachCheckout'),
  },
  actions: {
    notify: (_, _notification: AppNotification) => {},
    navigate: (_, _params: { to: string }) => {},
    countAttachAttempt: assign({ attachAttempts: ({ context }) => context.attachAttempts + 1 }),
    showAttachError: assign({
      attachError: (_, params: { error: unknown }) => attachErrorMessage(params.error),
    }),
    clearAttachError: assign({ attachError: null, attachAttempts: 0 }),
  },
  guards: {
    hasSession: ({ context }) => context.sessionId !== null,
    /** The app's session: a signed-in customer bought for the account. */
    isSignedIn: () => false,
    /** Not confirmed yet, and retries left (see docs/decisions.md, 'Buying while signed in'). */
    mayRetryAttach: ({ context }, params: { error: unknown }) =>
      isPaymentNotYetConfirmed(params.error) && context.attachAttempts < ATTACH_RETRIES,
  },
  delays: {
    attachRetryDelay: ATTACH_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'paymentSuccess',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    planName: paymentPlanName(input.planId),
    billingLabel:
      input.billing === 'yearly' ? messages.paymentSuccess.yearly : messages.paymentSuccess.monthly,
    amount: null,
    attachAttempts: 0,
    attachError: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: and(['hasSession', 'isSignedIn']), target: 'attaching' },
        { guard: 'hasSession', target: 'loading' },
        { target: 'ready' },
      ],
    },
    loading: {
      invoke: {
        src: 'loadCheckoutSession',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: {
          target: 'ready',
          // amount_total is in cents.
          actions: assign({ amount: ({ event }) => formatCents(event.output.amountTotal) }),
        },
        // The payment went through: without its details the page still says so, minus the amount.
        onError: 'ready',
      },
    },
    ready: { type: 'final' },
    attaching: {
      invoke: {
        src: 'attachCheckout',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: {
          target: 'attached',
          actions: [
            { type: 'notify', params: { type: 'success', message: messages.purchase.attached } },
            { type: 'navigate', params: { to: SUBSCRIPTION_TAB_PATH } },
          ],
        },
        onError: [
          {
            guard: { type: 'mayRetryAttach', params: ({ event }) => ({ error: event.error }) },
            target: 'waitingToRetry',
            actions: 'countAttachAttempt',
          },
          {
            target: 'attachFailed',
            actions: { type: 'showAttachError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // The provider has not confirmed the payment yet: ask again shortly.
    waitingToRetry: {
      after: { attachRetryDelay: 'attaching' },
    },
    attachFailed: {
      on: {
        'paymentSuccess.retryAttach': { target: 'attaching', actions: 'clearAttachError' },
      },
    },
    attached: { type: 'final' },
  },
});
