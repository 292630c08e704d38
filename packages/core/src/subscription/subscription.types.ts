import type { components } from '../api/schema.gen.ts';
import type { CheckoutInput } from '../checkout/checkout.types.ts';
import type { BillingCycle } from '../domain/plans.ts';

export type CurrentSubscription = components['schemas']['CurrentSubscription'];
type License = components['schemas']['License'];

export interface SubscriptionInput {
  /** Where the provider's portal sends the customer back (the dashboard's absolute URL). */
  returnUrl: string;
  /** The plan grid's checkout (its child machine): where it returns, which pages it may open. */
  checkout: CheckoutInput;
}

/**
 * The body of POST /api/stripe/customer-portal. No customer id: the server opens the account's
 * own provider customer, which a payment attached since sign-in may have replaced (see
 * docs/decisions.md, 'Customer portal').
 */
export interface PortalRequest {
  returnUrl: string;
}

/** The plan card picked (a change or a checkout), with the billing cycle the grid shows. */
export interface PlanChoice {
  planId: string;
  name: string;
  /** The price for that cycle, as the card shows it. */
  price: number;
  billingCycle: BillingCycle;
  /** The provider's product, for the checkout. */
  prodId?: string;
}

/** What the confirmation needs to know before it opens: the active licences and the new limit. */
export interface ChangePreparation {
  activeLicences: License[];
  /** The new plan's licence limit (999: unlimited); null when the plans do not say. */
  limit: number | null;
}

/** The body of PUT /api/client/subscription. */
export interface PlanChangeRequest {
  plan_id: string;
  billingCycle: BillingCycle;
  keep_licence_ids?: string[];
}

export interface SubscriptionContext {
  returnUrl: string;
  checkoutInput: CheckoutInput;
  current: CurrentSubscription | null;
  loadError: string | null;
  portalError: string | null;
  /** The plan change being confirmed; null when no confirmation is open. */
  change: PlanChoice | null;
  /** The active licences when the change opened (those offered to keep). */
  activeLicences: License[];
  limit: number | null;
  /** The licences ticked to stay active, in the order of the list. */
  keepIds: string[];
  /** Why the confirmation refused or the server refused (kept until the next attempt). */
  changeError: string | null;
  cancelError: string | null;
  resumeError: string | null;
}

export type SubscriptionEvent =
  | { type: 'subscription.reload' }
  | { type: 'subscription.openPortal' }
  /**
   * A plan card's button: 'Passer à ce plan' opens the change's confirmation, 'Choisir ce plan'
   * starts the checkout (the child machine); the current plan does nothing.
   */
  | { type: 'subscription.choosePlan'; plan: PlanChoice }
  /** The grid's monthly/yearly switch (the pricing child machine). */
  | { type: 'subscription.setCycle'; billingCycle: BillingCycle }
  /** The licences ticked to stay active, as the checkbox group holds them. */
  | { type: 'subscription.keepLicences'; licenceIds: string[] }
  | { type: 'subscription.retryPreparation' }
  | { type: 'subscription.confirmChange' }
  /** 'Résilier mon abonnement': opens the confirmation. */
  | { type: 'subscription.cancel' }
  | { type: 'subscription.confirmCancel' }
  | { type: 'subscription.resume' }
  /** Closes the open confirmation (refused while its call runs). */
  | { type: 'subscription.closeDialog' };
