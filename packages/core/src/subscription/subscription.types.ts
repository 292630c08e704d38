import type { components } from '../api/schema.gen.ts';

export type CurrentSubscription = components['schemas']['CurrentSubscription'];

export interface SubscriptionInput {
  /** Where the provider's portal sends the customer back (the dashboard's absolute URL). */
  returnUrl: string;
}

export interface PortalRequest {
  stripe_customer_id: string | null;
  returnUrl: string;
}

export interface SubscriptionContext {
  returnUrl: string;
  current: CurrentSubscription | null;
  loadError: string | null;
  portalError: string | null;
}

export type SubscriptionEvent =
  | { type: 'subscription.reload' }
  /** The customer's provider id comes from the logged-in user. */
  | { type: 'subscription.openPortal'; stripeCustomerId?: string | null };
