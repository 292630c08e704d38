import { planChoiceFromQuery, pricingTarget } from '../pricing/pricing.preselection.ts';

/** Where each action of the payment-cancel page leads. */
export interface PaymentCancelActions {
  /** The one button shown: back to the landing page. */
  home: string;
  /** Back to the pricing section with the cancelled plan and cycle preselected. */
  retry: string;
  contactSupport: string;
}

/**
 * docs/product.md#payment-cancel: /payment/cancel reads `plan` and `billing` (the checkout's cancel
 * address carries them); its retry action goes to `/` with hash #pricing and that choice, its
 * support action to /contact.
 */
export function paymentCancelActions(search: string | URLSearchParams): PaymentCancelActions {
  return {
    home: '/',
    retry: pricingTarget(planChoiceFromQuery(search)),
    contactSupport: '/contact',
  };
}
