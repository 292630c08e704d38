import type { BillingCycle } from '../domain/plans.ts';
import type { RedirectPolicy } from '../domain/redirects.ts';

/** What the visitor picked on a plan card. */
export interface CheckoutChoice {
  planId: string;
  prodId?: string;
  billingCycle: BillingCycle;
}

/** The body of POST /api/stripe/checkout-sessions. */
export interface CheckoutSessionRequest {
  plan_id: string;
  prod_id?: string;
  billingCycle: BillingCycle;
  successUrl: string;
  cancelUrl: string;
}

/** The body of POST /api/client/subscription/checkout (a signed-in customer buying). */
export interface SubscriptionCheckoutRequest {
  plan_id: string;
  billingCycle: BillingCycle;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutInput {
  /** The site origin the provider sends the browser back to, e.g. 'https://portail.example'. */
  origin: string;
  /** Provider origins the browser may be sent to. */
  redirectPolicy: RedirectPolicy;
}

export interface CheckoutContext extends CheckoutInput {
  choice: CheckoutChoice | null;
  error: string | null;
}

export type CheckoutEvent = { type: 'checkout.choose' } & CheckoutChoice;
