import type { components } from '../api/schema.gen.ts';
import type { BillingCycle } from '../domain/plans.ts';

export type CurrentSubscription = components['schemas']['CurrentSubscription'];
type License = components['schemas']['License'];

export interface SubscriptionInput {
  /** Where the provider's portal sends the customer back (the dashboard's absolute URL). */
  returnUrl: string;
}

export interface PortalRequest {
  stripe_customer_id: string | null;
  returnUrl: string;
}

/** The plan card picked for a change, with the billing cycle the grid shows. */
export interface PlanChoice {
  planId: string;
  name: string;
  /** The price for that cycle, as the card shows it. */
  price: number;
  billingCycle: BillingCycle;
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
  /** The customer's provider id comes from the logged-in user. */
  | { type: 'subscription.openPortal'; stripeCustomerId?: string | null }
  /** 'Passer à ce plan' on a card: opens the confirmation. */
  | { type: 'subscription.changePlan'; plan: PlanChoice }
  | { type: 'subscription.keepLicence'; licenceId: string; keep: boolean }
  | { type: 'subscription.retryPreparation' }
  | { type: 'subscription.confirmChange' }
  /** 'Résilier mon abonnement': opens the confirmation. */
  | { type: 'subscription.cancel' }
  | { type: 'subscription.confirmCancel' }
  | { type: 'subscription.resume' }
  /** Closes the open confirmation (refused while its call runs). */
  | { type: 'subscription.closeDialog' };
