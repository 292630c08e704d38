import { createPricingImplementations, pricingMachine, type BillingCycle } from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** The plans and the billing cycle (the landing's pricing section and the dashboard's 'Mon abonnement' grid). */
export const pricingFlow = createFlow({
  machine: pricingMachine,
  implement: ({ client, notify }) => createPricingImplementations({ client, notify }),
  commands: (send) => ({
    setCycle: (billingCycle: BillingCycle) => send({ type: 'pricing.setCycle', billingCycle }),
  }),
});

export const PricingProvider = pricingFlow.Provider;
export const usePricingSelector = pricingFlow.useSelector;
export const usePricingEvents = pricingFlow.useEvents;
