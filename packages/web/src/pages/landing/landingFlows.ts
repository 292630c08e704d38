import {
  checkoutMachine,
  createCheckoutImplementations,
  heroMachine,
  type BillingCycle,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** The checkout leaves the app for the provider's hosted page. */
export const checkoutFlow = createFlow({
  machine: checkoutMachine,
  implement: ({ client, notify, redirect }) =>
    createCheckoutImplementations({ client, notify, redirect }),
  commands: (send) => ({
    choosePlan: (planId: string, prodId: string | undefined, billingCycle: BillingCycle) =>
      send({
        type: 'checkout.choose',
        planId,
        ...(prodId === undefined ? {} : { prodId }),
        billingCycle,
      }),
  }),
});

export const CheckoutProvider = checkoutFlow.Provider;
export const useCheckoutSelector = checkoutFlow.useSelector;
export const useCheckoutEvents = checkoutFlow.useEvents;

/** The hero's rotating word and counting statistics: timers only, nothing from the app. */
export const heroFlow = createFlow({
  machine: heroMachine,
  implement: () => ({}),
  commands: () => ({}),
});

export const HeroProvider = heroFlow.Provider;
export const useHeroSelector = heroFlow.useSelector;
