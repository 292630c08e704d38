import { assertEvent, assign, setup } from 'xstate';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import { isAllowedRedirect } from '../domain/redirects.ts';
import { checkoutSessionRequest, subscriptionCheckoutRequest } from '../domain/checkout-urls.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type {
  CheckoutChoice,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutSessionRequest,
  SubscriptionCheckoutRequest,
} from './checkout.types.ts';

/** docs/product.md#feature-errors: the error's own message, else the default payment text. */
export function checkoutErrorMessage(error: unknown): string {
  return messageFor(error, { fallback: { apiMessageOr: messages.pricing.checkoutError } });
}

function chosen(context: CheckoutContext): CheckoutChoice {
  if (context.choice === null) throw new Error('checkout: no plan chosen');
  return context.choice;
}

/** What the checkout calls resolve with: the provider's page, or null when the answer had none. */
type ProviderPage = { output: { url: string | null } };

/** The provider's page is followed only on an allowed origin; any failure says why. */
const leaveForProvider = {
  onDone: [
    {
      guard: {
        type: 'isAllowedRedirect',
        params: ({ event }: { event: ProviderPage }) => ({ url: event.output.url }),
      },
      target: '#checkout.idle',
      actions: {
        type: 'navigate',
        params: ({ event }: { event: ProviderPage }) => ({ url: event.output.url ?? '' }),
      },
    },
    {
      // No address, or one outside the provider's origins: never followed.
      target: '#checkout.idle',
      actions: [
        { type: 'showError', params: { message: messages.pricing.checkoutError } },
        { type: 'notify', params: { type: 'error', message: messages.pricing.checkoutError } },
      ],
    },
  ],
  onError: {
    target: '#checkout.idle',
    actions: [
      {
        type: 'showError',
        params: ({ event }: { event: { error: unknown } }) => ({
          message: checkoutErrorMessage(event.error),
        }),
      },
      {
        type: 'notify',
        params: ({ event }: { event: { error: unknown } }): AppNotification => ({
          type: 'error',
          message: checkoutErrorMessage(event.error),
        }),
      },
    ],
  },
} as const;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** Resolves the provider's page the server handed back, or null when it sent none. */
    createCheckoutSession: notProvided<{ url: string | null }, CheckoutSessionRequest>(
      'createCheckoutSession',
    ),
    createSubscriptionCheckout: notProvided<{ url: string | null }, SubscriptionCheckoutRequest>(
      'createSubscriptionCheckout',
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
    /** A signed-in customer buys for the account (the app's session says so). */
    isSignedIn: () => false,
    isAllowedRedirect: ({ context }, params: { url: string | null }) =>
      params.url !== null && isAllowedRedirect(params.url, context.redirectPolicy),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, choice: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checkout.choose': [
          { guard: 'isSignedIn', target: 'processing.forAccount', actions: 'rememberChoice' },
          { target: 'processing.forVisitor', actions: 'rememberChoice' },
        ],
      },
    },
    // The overlay shows in this state; a second choice meanwhile is ignored (a double click makes
    // one request).
    processing: {
      initial: 'forVisitor',
      states: {
        forVisitor: {
          invoke: {
            src: 'createCheckoutSession',
            input: ({ context }) => checkoutSessionRequest(context.origin, chosen(context)),
            ...leaveForProvider,
          },
        },
        forAccount: {
          invoke: {
            src: 'createSubscriptionCheckout',
            input: ({ context }) => subscriptionCheckoutRequest(context.origin, chosen(context)),
            ...leaveForProvider,
          },
        },
      },
    },
  },
});
