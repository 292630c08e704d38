/**
 * The one interface both payment providers implement: the sandbox (default, state in the
 * database, hosted pages under /sandbox) and Stripe (used when STRIPE_SECRET_KEY is set).
 * Amounts are integer cents in euros, as the provider APIs count them.
 */

export type BillingCycle = 'monthly' | 'yearly';
export type CheckoutStatus = 'open' | 'complete' | 'expired';
export type PaymentStatus = 'unpaid' | 'paid';
export type SubscriptionStatus = 'active' | 'canceled' | 'past_due';

/** A plan and one of its prices as the catalogue stores them (foundation's plans/prices rows). */
export interface CatalogueEntry {
  plan: { id: string; name: string };
  price: { id: string; unit_amount: number; interval: 'month' | 'year' };
}

export interface CreateCheckoutSessionInput extends CatalogueEntry {
  billingCycle: BillingCycle;
  /** May contain `{CHECKOUT_SESSION_ID}`, replaced by the session id on return (as Stripe does). */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** The provider customer to bill (a signed-in account's); the provider creates one otherwise. */
  customerId?: string;
}

export interface ProviderCheckoutSession {
  id: string;
  amount_total: number;
  currency: 'eur';
  status: CheckoutStatus;
  payment_status: PaymentStatus;
  plan_id: string;
  price_id: string;
  billingCycle: BillingCycle;
  /** The provider's customer and subscription once paid, else null. */
  customer: string | null;
  subscription: string | null;
  customer_email: string | null;
}

export interface ProviderCustomer {
  id: string;
  email: string;
  name: string | null;
}

export interface ProviderSubscription {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  plan_id: string;
  price_id: string;
  billingCycle: BillingCycle;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

export interface ProviderPrice {
  id: string;
  plan_id: string;
  product: string | null;
  unit_amount: number;
  currency: 'eur';
  interval: 'month' | 'year';
}

/** A provider invoice: a renewal (or, on Stripe, a subscription's first) charge. */
export interface ProviderInvoice {
  id: string;
  /** The provider subscription it bills, when it bills one. */
  subscription: string | null;
  /** Paid, or still owed (a failed attempt leaves it open while the provider retries). */
  status: 'paid' | 'open' | 'other';
  /** Charged when paid, else owed; euro cents. */
  amount: number;
  /** True for a subscription's first invoice (its checkout already sent the receipt). */
  firstOfSubscription: boolean;
}

/** A verified provider event; `object` is the event's `data.object`. */
export interface WebhookEvent {
  id: string;
  type: string;
  object: { id?: unknown; object?: unknown };
}

/** Thrown by `parseWebhook` when the signature, timestamp or body does not verify. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  /** Null when the provider does not know the id. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  createCustomer(input: { email: string; name: string | null }): Promise<ProviderCustomer>;
  retrieveCustomer(id: string): Promise<ProviderCustomer | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** The customer's current (latest) subscription, or null. */
  subscriptionOfCustomer(customerId: string): Promise<ProviderSubscription | null>;
  /**
   * Moves the subscription to another price at once, prorated: the difference for the rest of
   * the period goes on the next invoice (docs/product.md, 'Subscription lifecycle').
   */
  changeSubscriptionPrice(id: string, price: CatalogueEntry): Promise<ProviderSubscription>;
  /** Ends the subscription when its current period ends; it stays active until then. */
  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Undoes `cancelAtPeriodEnd` while the period lasts. */
  resumeSubscription(id: string): Promise<ProviderSubscription>;
  /** Null when the provider does not know the id. */
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  listPrices(): Promise<ProviderPrice[]>;
  retrievePrice(id: string): Promise<ProviderPrice | null>;
  /** Verifies the signature over the exact raw bytes; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: Buffer, signatureHeader: string): WebhookEvent;
}
