import { assertEvent, assign, sendTo, setup } from 'xstate';
import { messageFor } from '../api/feature-errors.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { formatDate } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import { isPaid, subscriptionStateOf } from '../domain/subscription-status.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import { pricingMachine } from '../pricing/pricing.machine.ts';
import {
  canCancelSubscription,
  canResumeSubscription,
  currentPlanIdOf,
  keepChoiceOf,
} from './subscription.rules.ts';
import type {
  ChangePreparation,
  CurrentSubscription,
  PlanChangeRequest,
  PlanChoice,
  PortalRequest,
  SubscriptionContext,
  SubscriptionEvent,
  SubscriptionInput,
} from './subscription.types.ts';

/** The server's refusal when it explains it (409: the guard, the same plan...), else ours. */
const refusal = (fallback: string) => (error: unknown) =>
  messageFor(error, { preferServerMessage: true, fallback });

/**
 * 'Mon abonnement' (docs/statecharts.md): the current subscription and its management, parent of
 * the plan grid's two machines, the landing page's own: `pricing` (the plans, the billing cycle)
 * and `checkout` (a plan bought while signed in). The tab talks to this machine alone; it routes a
 * card's choice to a plan change or to the checkout, and the tab's view reads the children too.
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
    children: {} as { pricing: 'pricing'; checkout: 'checkout' },
  },
  actors: {
    /** The children, given their implementations with `pricingMachine.provide(...)`. */
    pricing: pricingMachine,
    checkout: checkoutMachine,
    fetchCurrentSubscription: notProvided<CurrentSubscription>('fetchCurrentSubscription'),
    /** Resolves the portal URL the server handed back, or null when it sent none. */
    openCustomerPortal: notProvided<string | null, PortalRequest>('openCustomerPortal'),
    /** The active licences and the chosen plan's limit, before the confirmation opens. */
    prepareChange: notProvided<ChangePreparation, PlanChoice>('prepareChange'),
    changePlan: notProvided<CurrentSubscription, PlanChangeRequest>('changePlan'),
    cancelSubscription: notProvided<CurrentSubscription>('cancelSubscription'),
    resumeSubscription: notProvided<CurrentSubscription>('resumeSubscription'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
    /** Leaves the app for the provider's page. */
    redirect: (_, _params: { url: string }) => {},
    showPortalError: assign({ portalError: (_, params: { message: string }) => params.message }),
    useSubscription: assign({
      current: (_, params: { current: CurrentSubscription }) => params.current,
    }),
    startCheckout: sendTo('checkout', (_, plan: PlanChoice) => ({
      type: 'checkout.choose' as const,
      planId: plan.planId,
      ...(plan.prodId === undefined ? {} : { prodId: plan.prodId }),
      billingCycle: plan.billingCycle,
    })),
    closeChange: assign({
      change: null,
      activeLicences: [],
      limit: null,
      keepIds: [],
      changeError: null,
    }),
  },
  guards: {
    /**
     * docs/product.md#subscription-tab and docs/decisions.md: only an https URL of an allowed
     * provider origin is followed.
     */
    isAllowedPortalUrl: (_, _params: { url: string | null }) => false,
    /** A running paid subscription, and a plan or cycle other than its own. */
    canChangeTo: ({ context, event }) => {
      assertEvent(event, 'subscription.choosePlan');
      const { current } = context;
      if (!isPaid(subscriptionStateOf(current))) return false;
      const { planId, name, billingCycle } = event.plan;
      return currentPlanIdOf(current, [{ id: planId, name }], billingCycle) === null;
    },
    /** Without a paid subscription running, every card subscribes through the checkout. */
    buysThroughCheckout: ({ context }) => !isPaid(subscriptionStateOf(context.current)),
    canCancel: ({ context }) => canCancelSubscription(context.current),
    canResume: ({ context }) => canResumeSubscription(context.current),
    isKeepChoiceComplete: ({ context }) => keepChoiceOf(context).complete,
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({
    returnUrl: input.returnUrl,
    checkoutInput: input.checkout,
    current: null,
    loadError: null,
    portalError: null,
    change: null,
    activeLicences: [],
    limit: null,
    keepIds: [],
    changeError: null,
    cancelError: null,
    resumeError: null,
  }),
  // The grid's machines live as long as the tab (the Stately inspector shows them under it).
  invoke: [
    { id: 'pricing', systemId: 'pricing', src: 'pricing' },
    {
      id: 'checkout',
      systemId: 'checkout',
      src: 'checkout',
      input: ({ context }) => context.checkoutInput,
    },
  ],
  on: {
    'subscription.setCycle': {
      actions: sendTo('pricing', ({ event }) => ({
        type: 'pricing.setCycle' as const,
        billingCycle: event.billingCycle,
      })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'fetchCurrentSubscription',
        src: 'fetchCurrentSubscription',
        onDone: {
          target: 'ready',
          actions: { type: 'useSubscription', params: ({ event }) => ({ current: event.output }) },
        },
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
            'subscription.choosePlan': [
              {
                guard: 'canChangeTo',
                target: 'changing',
                actions: assign({ change: ({ event }) => event.plan }),
              },
              {
                guard: 'buysThroughCheckout',
                actions: { type: 'startCheckout', params: ({ event }) => event.plan },
              },
            ],
            'subscription.cancel': { guard: 'canCancel', target: 'cancelling' },
            'subscription.resume': { guard: 'canResume', target: 'resuming' },
          },
        },
        openingPortal: {
          entry: assign({ portalError: null }),
          invoke: {
            id: 'openCustomerPortal',
            src: 'openCustomerPortal',
            input: ({ context }) => ({ returnUrl: context.returnUrl }),
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
        // The confirmation of docs/product.md#subscription-tab: new price, proration, and the
        // licences to keep when the active ones exceed the new limit.
        changing: {
          initial: 'preparing',
          exit: 'closeChange',
          states: {
            preparing: {
              on: { 'subscription.closeDialog': '#subscription.ready.idle' },
              invoke: {
                src: 'prepareChange',
                input: ({ context }) => context.change as PlanChoice,
                onDone: {
                  target: 'confirming',
                  actions: assign({
                    activeLicences: ({ event }) => event.output.activeLicences,
                    limit: ({ event }) => event.output.limit,
                    keepIds: [],
                    changeError: null,
                  }),
                },
                onError: {
                  target: 'unprepared',
                  actions: assign({ changeError: messages.licences.loadError }),
                },
              },
            },
            unprepared: {
              on: {
                'subscription.retryPreparation': 'preparing',
                'subscription.closeDialog': '#subscription.ready.idle',
              },
            },
            confirming: {
              on: {
                'subscription.keepLicences': {
                  actions: assign({
                    keepIds: ({ context, event }) =>
                      context.activeLicences
                        .map((licence) => licence._id)
                        .filter((id) => event.licenceIds.includes(id)),
                    changeError: null,
                  }),
                },
                'subscription.confirmChange': [
                  {
                    guard: 'isKeepChoiceComplete',
                    target: 'saving',
                    actions: assign({ changeError: null }),
                  },
                  {
                    actions: assign({
                      changeError: ({ context }) => keepChoiceOf(context).error,
                    }),
                  },
                ],
                'subscription.closeDialog': '#subscription.ready.idle',
              },
            },
            saving: {
              invoke: {
                src: 'changePlan',
                input: ({ context }) => {
                  const change = context.change as PlanChoice;
                  return {
                    plan_id: change.planId,
                    billingCycle: change.billingCycle,
                    // Named only when the new limit needs a choice (see the contract).
                    ...(keepChoiceOf(context).required
                      ? { keep_licence_ids: context.keepIds }
                      : {}),
                  };
                },
                onDone: {
                  target: '#subscription.ready.idle',
                  actions: [
                    { type: 'useSubscription', params: ({ event }) => ({ current: event.output }) },
                    {
                      type: 'notify',
                      params: { type: 'success', message: messages.subscription.changed },
                    },
                  ],
                },
                // Nothing chosen is lost: the confirmation stays open with the server's words.
                onError: {
                  target: 'confirming',
                  actions: assign({
                    changeError: ({ event }) =>
                      refusal(messages.subscription.changeError)(event.error),
                  }),
                },
              },
            },
          },
        },
        cancelling: {
          initial: 'confirming',
          exit: assign({ cancelError: null }),
          states: {
            confirming: {
              on: {
                'subscription.confirmCancel': 'saving',
                'subscription.closeDialog': '#subscription.ready.idle',
              },
            },
            saving: {
              entry: assign({ cancelError: null }),
              invoke: {
                src: 'cancelSubscription',
                onDone: {
                  target: '#subscription.ready.idle',
                  actions: [
                    { type: 'useSubscription', params: ({ event }) => ({ current: event.output }) },
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        type: 'success',
                        message: messages.subscription.cancelScheduled(
                          formatDate(event.output.subscription?.current_period_end),
                        ),
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'confirming',
                  actions: assign({
                    cancelError: ({ event }) =>
                      refusal(messages.subscription.cancelError)(event.error),
                  }),
                },
              },
            },
          },
        },
        resuming: {
          entry: assign({ resumeError: null }),
          invoke: {
            src: 'resumeSubscription',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'useSubscription', params: ({ event }) => ({ current: event.output }) },
                {
                  type: 'notify',
                  params: { type: 'success', message: messages.subscription.resumed },
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({
                resumeError: ({ event }) => refusal(messages.subscription.resumeError)(event.error),
              }),
            },
          },
        },
      },
    },
  },
});
