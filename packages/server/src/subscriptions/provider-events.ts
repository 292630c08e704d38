import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../accounts/accounts.repo.ts';
import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import { providerActor } from '../journal/journal.repo.ts';
import { enqueueMail } from '../mail/index.ts';
import type { ProviderInvoice } from '../payments/provider.ts';
import { claimInvoiceMail } from './invoice-mails.repo.ts';
import { recordInvoice } from './journal-events.ts';
import { mirrorIn, mirrorSubscription, subscriptionTabUrl } from './lifecycle.ts';
import { subscriptionOf } from './subscriptions.repo.ts';

/** The provider events about subscriptions and their invoices this module handles. */
export const subscriptionEventTypes: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * In the invoice's write: the payment journaled and the receipt of a paid renewal, or the warning
 * of a failed one, queued; each once per invoice. Answers whether a mail was queued.
 */
async function recordPayment(
  tx: Database,
  app: FastifyInstance,
  payment: { invoice: ProviderInvoice; customerId: string; paid: boolean },
): Promise<boolean> {
  const { invoice, customerId, paid } = payment;
  const account = await findCustomerById(tx, customerId);
  const subscription = await subscriptionOf(tx, customerId);
  if (account === undefined || subscription === undefined) return false;
  const at = app.now();
  await recordInvoice(tx, { row: subscription, invoice, paid, at });
  const kind = paid ? 'payment-receipt' : 'payment-failed';
  if (!(await claimInvoiceMail(tx, invoice.id, kind, customerId))) return false;
  if (kind === 'payment-receipt') {
    await enqueueMail(tx, {
      id: newId(),
      kind,
      recipient: account.email,
      payload: {
        planName: subscription.plan_name,
        billingCycle: subscription.billing_cycle,
        amountCents: invoice.amount,
        paidAt: at.toISOString(),
        reference: invoice.id,
      },
      created_at: at,
    });
  } else {
    await enqueueMail(tx, {
      id: newId(),
      kind,
      recipient: account.email,
      payload: {
        planName: subscription.plan_name,
        amountCents: invoice.amount,
        link: subscriptionTabUrl(app.config.publicOrigin),
      },
      created_at: at,
    });
  }
  return true;
}

/**
 * A subscription or invoice event (docs/product.md, 'Subscription lifecycle'). The event only
 * names the object: its current state is asked of the provider, so a replayed or reordered
 * event never moves anything backwards. `customer.subscription.*` mirrors the subscription
 * (deleted: `canceled`); `invoice.paid` mirrors it (active, the new period), journals the payment
 * and sends the receipt of a renewal; `invoice.payment_failed` mirrors it (past due), journals
 * what is owed and sends the warning; all in one write.
 */
export async function handleSubscriptionEvent(
  app: FastifyInstance,
  type: string,
  objectId: string,
): Promise<void> {
  const provider = app.payments;
  if (type.startsWith('customer.subscription.')) {
    const subscription = await provider.retrieveSubscription(objectId);
    if (subscription !== null) await mirrorSubscription(app, subscription);
    return;
  }
  const invoice = await provider.retrieveInvoice(objectId);
  if (invoice?.subscription == null) return;
  const subscription = await provider.retrieveSubscription(invoice.subscription);
  if (subscription === null) return;
  // A subscription's first invoice is its checkout, journaled and receipted once per session.
  const paid = type === 'invoice.paid' && invoice.status === 'paid' && !invoice.firstOfSubscription;
  const failed = type === 'invoice.payment_failed' && invoice.status !== 'paid';
  const queued = await app.readCache.write(app.db, async (tx, changed) => {
    const { before } = await mirrorIn(tx, changed, subscription, {
      at: app.now(),
      actor: providerActor,
    });
    if (before === undefined || !(paid || failed)) return false;
    return recordPayment(tx, app, { invoice, customerId: before.customer_id, paid });
  });
  if (queued) app.mail.wake();
}
