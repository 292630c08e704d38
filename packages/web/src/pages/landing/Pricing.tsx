import { useRef, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import {
  planChoiceFromQuery,
  selectBillingCycle,
  selectChosenPlanId,
  selectDisplayedPlans,
  selectIsProcessing,
  selectOtherCyclePlans,
  selectPreselectedPlanId,
} from '@portal/core';
import { useServices } from '../../app/services.tsx';
import { useAdoptPrerendered } from '../../app/prerendered.ts';
import { CheckoutProvider, useCheckoutEvents, useCheckoutSelector } from './landingFlows.ts';
import { PricingProvider, usePricingEvents, usePricingSelector } from './pricingFlow.ts';
import { CheckoutOverlay, PricingSection } from './PricingSection.tsx';

/**
 * The pricing section over the pricing flow (plans, billing cycle, the plan the address
 * preselects) and the checkout flow (processing overlay, redirect, error notification).
 */
export function Pricing({ notice }: { notice?: ReactNode }) {
  const { checkoutInput } = useServices();
  const choice = planChoiceFromQuery(useSearch());
  return (
    <PricingProvider input={choice}>
      <CheckoutProvider input={checkoutInput}>
        <LivePricing notice={notice} />
      </CheckoutProvider>
    </PricingProvider>
  );
}

function LivePricing({ notice }: { notice?: ReactNode }) {
  const billingCycle = usePricingSelector(selectBillingCycle);
  const plans = usePricingSelector(selectDisplayedPlans);
  const otherCyclePlans = usePricingSelector(selectOtherCyclePlans);
  const preselectedPlanId = usePricingSelector(selectPreselectedPlanId);
  const processingPlanId = useCheckoutSelector(selectChosenPlanId);
  const processing = useCheckoutSelector(selectIsProcessing);
  const { setCycle } = usePricingEvents();
  const { choosePlan } = useCheckoutEvents();
  const switchInput = useRef<HTMLInputElement>(null);

  // On the prerendered page a visitor can flip the switch before the scripts hydrate it: the
  // checkbox then holds their choice, which the pricing flow adopts; kept clicks follow.
  useAdoptPrerendered(() => {
    const checked = switchInput.current?.checked;
    if (checked !== undefined && checked !== (billingCycle === 'yearly'))
      setCycle(checked ? 'yearly' : 'monthly');
  });

  return (
    <>
      <PricingSection
        view={{ billingCycle, plans, otherCyclePlans, processingPlanId, preselectedPlanId }}
        actions={{
          onBillingChange: setCycle,
          onChoosePlan: (plan) => choosePlan(plan.id, plan.prod_id, billingCycle),
        }}
        switchInput={switchInput}
        notice={notice}
      />
      {processing ? <CheckoutOverlay /> : null}
    </>
  );
}
