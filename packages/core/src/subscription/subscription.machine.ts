import { assertEvent, assign, setup } from 'xstate';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type {
  CurrentSubscription,
  PortalRequest,
  SubscriptionContext,
  SubscriptionEvent,
  SubscriptionInput,
} from './subscription.types.ts';

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
  },
  actors: {
    fetchCurrentSubscription: notProvided<CurrentSubscription>('fetchCurrentSubscription'),
    /** Resolves the portal URL the server handed back, or null when it sent none. */
    openCustomerPortal: notProvided<string | null, PortalRequest>('openCustomerPortal'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
    /** Leaves the app for the provider's page. */
    redirect: (_, _params: { url: string }) => {},
    showPortalError: assign({ portalError: (_, params: { message: string }) => params.message }),
  },
  guards: {
    /**
     * docs/product.md#subscription-tab and docs/decisions.md: only an https URL of an allowed
     * provider origin is followed.
     */
    isAllowedPortalUrl: (_, _params: { url: string | null }) => false,
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({
    returnUrl: input.returnUrl,
    current: null,
    loadError: null,
    portalError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'fetchCurrentSubscription',
        src: 'fetchCurrentSubscription',
        onDone: { target: 'ready', actions: assign({ current: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ loadError: messages.subscription.loadError }),
        },
      },
    },
    failed: { on: { 'subscription.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'subscription.reload': '#subscription.loading',
            'subscription.openPortal': 'openingPortal',
          },
        },
        openingPortal: {
          entry: assign({ portalError: null }),
          invoke: {
            id: 'openCustomerPortal',
            src: 'openCustomerPortal',
            input: ({ context, event }) => {
              assertEvent(event, 'subscription.openPortal');
              return {
                stripe_customer_id: event.stripeCustomerId ?? null,
                returnUrl: context.returnUrl,
              };
            },
            onDone: [
              {
                guard: {
                  type: 'isAllowedPortalUrl',
                  params: ({ event }) => ({ url: event.output }),
                },
                target: 'redirecting',
                actions: { type: 'redirect', params: ({ event }) => ({ url: event.output ?? '' }) },
              },
              {
                target: 'idle',
                actions: [
                  {
                    type: 'showPortalError',
                    params: { message: messages.subscription.portalRedirectError },
                  },
                  {
                    type: 'notify',
                    params: { type: 'error', message: messages.subscription.portalRedirectError },
                  },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'showPortalError',
                  params: { message: messages.subscription.portalAccessError },
                },
                {
                  type: 'notify',
                  params: { type: 'error', message: messages.subscription.portalAccessError },
                },
              ],
            },
          },
        },
        // The browser is leaving for the provider: nothing more to do here.
        redirecting: {},
      },
    },
  },
});
