import {
  checkoutMachine,
  createCheckoutImplementations,
  heroMachine,
  selectIsAuthenticated,
  type BillingCycle,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/**
 * The checkout leaves the app for the provider's hosted page: a visitor's for the onboarding, a
 * signed-in customer's for their account (the landing's cards and the 'Mon abonnement' grid).
 */
export const checkoutFlow = createFlow({
  machine: checkoutMachine,
  implement: ({ client, notify, redirect, auth }) =>
    createCheckoutImplementations({
      client,
      notify,
      redirect,
      isSignedIn: () => selectIsAuthenticated(auth.getSnapshot()),
    }),
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
