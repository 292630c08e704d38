import type { ReactNode, RefObject } from 'react';
import { messages, type BillingCycle, type DisplayedPlan } from '@portal/core';
import { BillingCycleSwitch } from '../../ui/BillingCycleSwitch.tsx';
import { Button } from '../../ui/Button.tsx';
import { PlanCard } from '../../ui/PlanCard.tsx';
import '../../ui/Spinner.css';
import { useHydrated } from './useHydrated.ts';

export interface PricingView {
  billingCycle: BillingCycle;
  plans: readonly DisplayedPlan[];
  /** The same plans in the other cycle (their prices are in the HTML, for the switch's CSS). */
  otherCyclePlans: readonly DisplayedPlan[];
  /** The plan whose checkout is being prepared, if any. */
  processingPlanId: string | null;
  /** The plan the visitor had chosen before (back from a cancelled payment), if any. */
  preselectedPlanId?: string | null | undefined;
}

export interface PricingActions {
  onBillingChange: (cycle: BillingCycle) => void;
  onChoosePlan: (plan: DisplayedPlan) => void;
}

export function PricingSection({
  view,
  actions,
  notice,
  switchInput,
}: {
  view: PricingView;
  actions: PricingActions;
  /** A message above the plans (e.g. why the onboarding sent the visitor back). */
  notice?: ReactNode;
  /** The billing switch's checkbox (read once when a prerendered page is adopted). */
  switchInput?: RefObject<HTMLInputElement | null> | undefined;
}) {
  const hydrated = useHydrated();
  return (
    <section
      id="pricing"
      className="landing-section landing-section--alt"
      aria-labelledby="pricing-title"
    >
      <h2 id="pricing-title">Des tarifs simples, sans frais cachés</h2>
      {notice}
      {/* Until the app runs, a form the server answers (POST /checkout: 303 to the hosted
          checkout), so a tap works before (or without) the script; once hydrated, the buttons
          are the checkout flow's (docs/performance.md, 'Scripts at the first gesture'). */}
      <form
        method="post"
        action="/checkout"
        data-native=""
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="pricing-toggle">
          <BillingCycleSwitch
            cycle={view.billingCycle}
            onChange={actions.onBillingChange}
            inputRef={switchInput}
            name="billing"
          />
        </div>
        <ul className="pricing-plans">
          {view.plans.map((plan, index) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                cycles={otherCycle(view, index)}
                marker={
                  plan.id === view.preselectedPlanId ? messages.pricing.preselected : undefined
                }
              >
                <Button
                  block
                  type={hydrated ? 'button' : 'submit'}
                  onPress={() => actions.onChoosePlan(plan)}
                  name="plan_id"
                  value={plan.id}
                  variant={plan.popular ? 'primary' : 'secondary'}
                  isDisabled={view.processingPlanId !== null}
                  aria-describedby={`plan-${plan.id}`}
                >
                  {plan.buttonText}
                </Button>
              </PlanCard>
            </li>
          ))}
        </ul>
        {/* Shown by the stylesheet once the page's loader has let this form go (its
            `data-submitted`), until the hosted checkout comes. */}
        {!hydrated && <CheckoutOverlay onSubmitOnly />}
      </form>
    </section>
  );
}

function otherCycle(view: PricingView, index: number) {
  const other = view.otherCyclePlans[index];
  return other === undefined ? undefined : { shown: view.billingCycle, other };
}

/**
 * docs/product.md#pricing-and-checkout: the overlay while the checkout is being prepared (not a
 * modal: nothing to answer). `onSubmitOnly`: before the app, in the plans' form, hidden until
 * the form is submitted (docs/performance.md, 'Taps before the app').
 */
export function CheckoutOverlay({ onSubmitOnly = false }: { onSubmitOnly?: boolean }) {
  return (
    <div
      className="checkout-overlay"
      role="status"
      aria-live="polite"
      {...(onSubmitOnly ? { 'data-on-submit': '' } : {})}
    >
      <div className="checkout-overlay__panel">
        <span className="ui-spinner__circle" aria-hidden="true" />
        <p className="checkout-overlay__title">{messages.pricing.preparingPayment}</p>
        <p>Vous allez être redirigé vers la page de paiement sécurisée dans quelques instants.</p>
      </div>
    </div>
  );
}
