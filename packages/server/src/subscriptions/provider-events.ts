import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../accounts/accounts.repo.ts';
import { newId } from '../auth/tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import type { ProviderInvoice } from '../payments/provider.ts';
import { claimInvoiceMail } from './invoice-mails.repo.ts';
import { mirrorSubscription, subscriptionTabUrl } from './lifecycle.ts';
import { subscriptionOf } from './subscriptions.repo.ts';

/** The provider events about subscriptions and their invoices this module handles. */
export const subscriptionEventTypes: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The receipt of a paid renewal, or the warning of a failed one: once per invoice. */
async function mailOnce(
  app: FastifyInstance,
  invoice: ProviderInvoice,
  customerId: string,
  kind: 'payment-receipt' | 'payment-failed',
): Promise<void> {
  const queued = await app.db.transaction(async (tx) => {
    const account = await findCustomerById(tx, customerId);
    const subscription = await subscriptionOf(tx, customerId);
    if (account === undefined || subscription === undefined) return false;
    if (!(await claimInvoiceMail(tx, invoice.id, kind, customerId))) return false;
    const created_at = app.now();
    if (kind === 'payment-receipt') {
      await enqueueMail(tx, {
        id: newId(),
        kind,
        recipient: account.email,
        payload: {
          planName: subscription.plan_name,
          billingCycle: subscription.billing_cycle,
          amountCents: invoice.amount,
          paidAt: created_at.toISOString(),
          reference: invoice.id,
        },
        created_at,
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
        created_at,
      });
    }
    return true;
  });
  if (queued) app.mail.wake();
}

/**
 * A subscription or invoice event (docs/product.md, 'Subscription lifecycle'). The event only
 * names the object: its current state is asked of the provider, so a replayed or reordered
 * event never moves anything backwards. `customer.subscription.*` mirrors the subscription
 * (deleted: `canceled`); `invoice.paid` mirrors it (active, the new period) and sends the
 * receipt of a renewal; `invoice.payment_failed` mirrors it (past due) and sends the warning.
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
  const customerId = await mirrorSubscription(app, subscription);
  if (customerId === undefined) return;
  if (type === 'invoice.paid' && invoice.status === 'paid' && !invoice.firstOfSubscription) {
    // A subscription's first invoice is its checkout, whose receipt goes out once per session.
    await mailOnce(app, invoice, customerId, 'payment-receipt');
  } else if (type === 'invoice.payment_failed' && invoice.status !== 'paid') {
    await mailOnce(app, invoice, customerId, 'payment-failed');
  }
}
