import { assertEvent, assign, setup } from 'xstate';
import { builtInPlans, type Plan } from '../domain/plans.ts';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import type { PricingContext, PricingEvent, PricingInput } from './pricing.types.ts';

export const pricingMachine = setup({
  types: {
    context: {} as PricingContext,
    events: {} as PricingEvent,
    input: {} as PricingInput | void,
  },
  actors: {
    /** Undefined when the answer holds no usable plan: the built-in ones stay. */
    loadPlans: notProvided<Plan[] | undefined>('loadPlans'),
  },
  actions: {
    notify: (_, _notification: AppNotification) => {},
    setCycle: assign({
      billingCycle: ({ event }) => {
        assertEvent(event, 'pricing.setCycle');
        return event.billingCycle;
      },
    }),
    toggleCycle: assign({
      billingCycle: ({ context }) => (context.billingCycle === 'monthly' ? 'yearly' : 'monthly'),
    }),
    usePlans: assign({ plans: (_, params: { plans: readonly Plan[] }) => params.plans }),
  },
}).createMachine({
  id: 'pricing',
  // docs/product.md#pricing-and-checkout: monthly by default; the address may carry the visitor's
  // earlier choice.
  context: ({ input }) => ({
    billingCycle: input?.billingCycle ?? 'monthly',
    plans: builtInPlans,
    preselectedPlanId: input?.planId ?? null,
  }),
  initial: 'loading',
  on: {
    'pricing.setCycle': { actions: 'setCycle' },
    'pricing.toggleCycle': { actions: 'toggleCycle' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPlans',
        onDone: {
          target: 'ready',
          actions: {
            type: 'usePlans',
            params: ({ event }) => ({ plans: event.output ?? builtInPlans }),
          },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: { type: 'error', message: messages.pricing.loadError },
          },
        },
      },
    },
    ready: {},
  },
});
