import { createPricingImplementations, pricingMachine, type BillingCycle } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/**
 * 'Les formules' in 'Mon abonnement': the plans and the billing cycle. No checkout here: a
 * subscriber changes plan on the provider's customer portal (the subscription flow).
 */
export const plansFlow = createFlow({
  machine: pricingMachine,
  implement: ({ client, notify }) => createPricingImplementations({ client, notify }),
  commands: (send) => ({
    setBillingCycle: (billingCycle: BillingCycle) =>
      send({ type: 'pricing.setCycle', billingCycle }),
  }),
});

export const PlansProvider = plansFlow.Provider;
export const usePlansSelector = plansFlow.useSelector;
export const usePlansEvents = plansFlow.useEvents;
