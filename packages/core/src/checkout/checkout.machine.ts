import { assertEvent, assign, setup } from 'xstate';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import { isAllowedRedirect } from '../domain/redirects.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type {
  CheckoutChoice,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutSessionRequest,
} from './checkout.types.ts';

/** The provider replaces this placeholder with the paid session's id. */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * docs/product.md#pricing-and-checkout: success returns to the onboarding page, cancel to
 * /payment/cancel with the choice.
 */
export function checkoutSessionRequest(
  origin: string,
  choice: CheckoutChoice,
): CheckoutSessionRequest {
  const cancel = new URLSearchParams({ plan: choice.planId, billing: choice.billingCycle });
  return {
    plan_id: choice.planId,
    ...(choice.prodId === undefined ? {} : { prod_id: choice.prodId }),
    billingCycle: choice.billingCycle,
    successUrl: `${origin}/onboarding?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancelUrl: `${origin}/payment/cancel?${cancel.toString()}`,
  };
}

/** docs/product.md#feature-errors: the error's own message, else the default payment text. */
export function checkoutErrorMessage(error: unknown): string {
  return messageFor(error, { fallback: { apiMessageOr: messages.pricing.checkoutError } });
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    createCheckoutSession: notProvided<{ url: string }, CheckoutSessionRequest>(
      'createCheckoutSession',
    ),
  },
  actions: {
    navigate: (_, _params: { url: string }) => {},
    notify: (_, _notification: AppNotification) => {},
    rememberChoice: assign({
      choice: ({ event }) => {
        assertEvent(event, 'checkout.choose');
        const { type: _type, ...choice } = event;
        return choice;
      },
      error: null,
    }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
  },
  guards: {
    isAllowedRedirect: ({ context }, params: { url: string }) =>
      isAllowedRedirect(params.url, context.redirectPolicy),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, choice: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'checkout.choose': { target: 'processing', actions: 'rememberChoice' } },
    },
    // The overlay shows in this state; a second choice meanwhile is ignored.
    processing: {
      invoke: {
        src: 'createCheckoutSession',
        input: ({ context }) => {
          if (context.choice === null) throw new Error('checkout: no plan chosen');
          return checkoutSessionRequest(context.origin, context.choice);
        },
        onDone: [
          {
            guard: {
              type: 'isAllowedRedirect',
              params: ({ event }) => ({ url: event.output.url }),
            },
            target: 'idle',
            actions: { type: 'navigate', params: ({ event }) => ({ url: event.output.url }) },
          },
          {
            // An address outside the provider's origins is never followed.
            target: 'idle',
            actions: [
              { type: 'showError', params: { message: messages.pricing.checkoutError } },
              {
                type: 'notify',
                params: { type: 'error', message: messages.pricing.checkoutError },
              },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'showError',
              params: ({ event }) => ({ message: checkoutErrorMessage(event.error) }),
            },
            {
              type: 'notify',
              params: ({ event }) => ({
                type: 'error',
                message: checkoutErrorMessage(event.error),
              }),
            },
          ],
        },
      },
    },
  },
});
