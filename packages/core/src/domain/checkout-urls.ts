// The return addresses of a checkout, one owner for the app's checkout flow and the server's
// no-script 'Choisir ce plan' form (docs/product.md#pricing-and-checkout). Type-only imports: the
// domain entry loads no XState.
import type {
  CheckoutChoice,
  CheckoutSessionRequest,
  SubscriptionCheckoutRequest,
} from '../checkout/checkout.types.ts';

/** The provider replaces this placeholder with the paid session's id. */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

function cancelUrlOf(origin: string, choice: CheckoutChoice): string {
  const cancel = new URLSearchParams({ plan: choice.planId, billing: choice.billingCycle });
  return `${origin}/payment/cancel?${cancel.toString()}`;
}

/**
 * A visitor's payment returns to the onboarding page, a cancelled one to /payment/cancel with the
 * choice.
 */
export function checkoutSessionRequest(
  origin: string,
  choice: CheckoutChoice,
): CheckoutSessionRequest {
  return {
    plan_id: choice.planId,
    ...(choice.prodId === undefined ? {} : { prod_id: choice.prodId }),
    billingCycle: choice.billingCycle,
    successUrl: `${origin}/onboarding?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancelUrl: cancelUrlOf(origin, choice),
  };
}

/**
 * A signed-in customer's payment returns to the payment success page, which attaches it to the
 * account (no onboarding); the plan and cycle ride along for the page's summary.
 */
export function subscriptionCheckoutRequest(
  origin: string,
  choice: CheckoutChoice,
): SubscriptionCheckoutRequest {
  const summary = new URLSearchParams({ plan: choice.planId, billing: choice.billingCycle });
  return {
    plan_id: choice.planId,
    billingCycle: choice.billingCycle,
    successUrl: `${origin}/payment/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}&${summary.toString()}`,
    cancelUrl: cancelUrlOf(origin, choice),
  };
}
