import type { Database } from '../db/database.ts';
import { insertSubscription, updateFromProvider } from '../subscriptions/subscriptions.repo.ts';
import {
  applyProviderState,
  findCheckoutSession,
  type CheckoutSessionRow,
} from './checkout-sessions.repo.ts';
import type { PaymentProvider, ProviderSubscription } from './provider.ts';

/**
 * Brings the server's record in line with the provider's answer (for the sandbox both are the
 * same row, for Stripe this is where a payment becomes known). Never turns paid back to unpaid.
 */
export async function syncCheckoutSession(
  db: Database,
  provider: PaymentProvider,
  id: string,
): Promise<CheckoutSessionRow | null> {
  const remote = await provider.retrieveCheckoutSession(id);
  if (remote !== null) await applyProviderState(db, id, remote);
  return findCheckoutSession(db, id);
}

/**
 * The one place a paid session becomes a subscription. Both the account creation and the
 * provider's webhook reach it; the unique `checkout_session_id` and `customer_id` columns make
 * the second arrival a no-op.
 */
export async function ensureSubscription(
  db: Database,
  session: CheckoutSessionRow,
  customerId: string,
): Promise<void> {
  await insertSubscription(db, {
    customer_id: customerId,
    plan_id: session.plan_id,
    billing_cycle: session.billing_cycle,
    provider_subscription_id: session.provider_subscription_id,
    checkout_session_id: session.id,
  });
}

/** Fulfils a session the provider reports complete: records it paid, and if an account was
 *  already created from it, makes sure that account has its subscription. */
export async function fulfilCheckoutSession(
  db: Database,
  provider: PaymentProvider,
  id: string,
): Promise<void> {
  const session = await syncCheckoutSession(db, provider, id);
  if (session === null || session.payment_status !== 'paid' || session.customer_id === null) return;
  await ensureSubscription(db, session, session.customer_id);
}

/** Mirrors a provider subscription (after a portal change or a provider event) into the
 *  account's subscription, which is what `GET /api/client/subscription/current` reads. */
export async function syncSubscription(
  db: Database,
  subscription: ProviderSubscription,
): Promise<void> {
  await updateFromProvider(db, subscription.id, {
    plan_id: subscription.plan_id,
    billing_cycle: subscription.billingCycle,
    status: subscription.status,
    current_period_end: subscription.current_period_end,
  });
}
