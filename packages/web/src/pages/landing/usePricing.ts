import { useInspectedMachine } from '../../app/useInspectedMachine.ts';
import {
  selectBillingCycle,
  selectChosenPlanId,
  selectDisplayedPlans,
  selectIsProcessing,
} from '@portal/core';
import { useServices } from '../../app/services.tsx';
import type { PricingActions, PricingView } from './PricingSection.tsx';
import { useScreenMachine } from '../../app/useScreenMachine.ts';
import { buildCheckout, buildPricing } from './landingMachines.ts';

export interface Pricing {
  view: PricingView;
  actions: PricingActions;
  /** The "preparing payment" overlay is up. */
  processing: boolean;
}

/**
 * The pricing section over core's pricing machine (plans, billing cycle) and checkout machine
 * (processing overlay, redirect, error notification).
 */
export function usePricing(): Pricing {
  const { checkoutInput } = useServices();
  const [pricing, sendPricing] = useInspectedMachine(useScreenMachine('pricing', buildPricing));
  const [checkout, sendCheckout] = useInspectedMachine(
    useScreenMachine('checkout', buildCheckout),
    {
      input: checkoutInput,
    },
  );
  const billingCycle = selectBillingCycle(pricing);
  return {
    view: {
      billingCycle,
      plans: selectDisplayedPlans(pricing),
      processingPlanId: selectChosenPlanId(checkout),
    },
    actions: {
      onBillingChange: (cycle) => sendPricing({ type: 'pricing.setCycle', billingCycle: cycle }),
      onChoosePlan: (plan) =>
        sendCheckout({
          type: 'checkout.choose',
          planId: plan.id,
          ...(plan.prod_id === undefined ? {} : { prodId: plan.prod_id }),
          billingCycle,
        }),
    },
    processing: selectIsProcessing(checkout),
  };
}
