import { assign, setup } from 'xstate';
import { formatCents } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import { paymentPlanName } from '../domain/plans.ts';
import { notProvided } from '../machine-kit.ts';

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
}

/**
 * docs/product.md#payment-success: the payment success page loads the checkout session's details,
 * then shows them.
 */
export const paymentSuccessMachine = setup({
  types: {
    input: {} as PaymentSuccessInput,
    context: {} as PaymentSuccessContext,
  },
  actors: {
    loadCheckoutSession: notProvided<{ amountTotal: number }, { sessionId: string }>(
      'loadCheckoutSession',
    ),
  },
  guards: {
    hasSession: ({ context }) => context.sessionId !== null,
  },
}).createMachine({
  id: 'paymentSuccess',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    planName: paymentPlanName(input.planId),
    billingLabel:
      input.billing === 'yearly' ? messages.paymentSuccess.yearly : messages.paymentSuccess.monthly,
    amount: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasSession', target: 'loading' }, { target: 'ready' }],
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
  },
});
