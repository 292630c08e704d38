import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { findPrice, listCatalogue } from '../../plans/plans.repo.ts';
import { billingCycleOf } from '../catalogue.ts';
import {
  expireIfPastDeadline,
  findCheckoutSession,
  insertCheckoutSession,
  markPaid,
  setProviderIds,
} from '../checkout-sessions.repo.ts';
import type {
  CatalogueEntry,
  PaymentProvider,
  ProviderCheckoutSession,
  ProviderPrice,
  ProviderSubscription,
  WebhookEvent,
} from '../provider.ts';
import { verifyWebhook } from '../webhook-signature.ts';
import {
  changeSandboxSubscriptionPrice,
  customerTime,
  findPortalSession,
  findSandboxCustomer,
  findSandboxInvoice,
  findSandboxSubscription,
  insertPortalSession,
  insertSandboxCustomer,
  insertSandboxInvoice,
  insertSandboxSubscription,
  invoicePendingProrations,
  latestSandboxSubscription,
  markSandboxInvoicePaid,
  openSandboxInvoice,
  pendingProrationsTotal,
  renewSandboxSubscription,
  setSandboxCancelAtPeriodEnd,
  setSandboxSubscriptionStatus,
  setTestClock,
  type SandboxSubscriptionRow,
} from './sandbox.repo.ts';

/** Stripe-like ids: a type prefix and enough randomness to be a capability in a URL. */
export function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(18).toString('base64url')}`;
}

function subscriptionOf(row: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customer: row.customer_id,
    status: row.status,
    plan_id: row.plan_id,
    price_id: row.price_id,
    billingCycle: billingCycleOf(row.interval),
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: row.cancel_at_period_end,
  };
}

function priceOf(entry: CatalogueEntry): ProviderPrice {
  return {
    id: entry.price.id,
    plan_id: entry.plan.id,
    product: entry.plan.id,
    unit_amount: entry.price.unit_amount,
    currency: 'eur',
    interval: entry.price.interval,
  };
}

export type SandboxPaymentOutcome = 'paid' | 'declined' | 'invalid-card' | 'not-open';
/** The portal's new card on a past-due subscription. */
export type SandboxCardOutcome = 'paid' | 'declined' | 'invalid-card' | 'nothing-owed';

/** The two test cards of the sandbox, as Stripe's test mode knows them. */
export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

/** A typed card number, as the sandbox's test cards judge it (spaces and dashes allowed). */
function judgeCard(card: string): 'accepted' | 'declined' | 'invalid-card' {
  const number = card.replace(/[\s-]/g, '');
  if (number === SANDBOX_CARDS.declined) return 'declined';
  return number === SANDBOX_CARDS.success ? 'accepted' : 'invalid-card';
}

/** The part of a period still to run at `at`, between 0 and 1. */
function remainingShare(row: SandboxSubscriptionRow, at: Date): number {
  const end = new Date(row.current_period_end);
  const start = new Date(end);
  if (row.interval === 'month') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCFullYear(start.getUTCFullYear() - 1);
  const share = (end.getTime() - at.getTime()) / (end.getTime() - start.getTime());
  return Math.min(1, Math.max(0, share));
}

/** The customer's latest subscription, locked for the caller's transaction, unless it ended. */
async function liveSubscriptionForUpdate(
  tx: Database,
  customerId: string,
): Promise<SandboxSubscriptionRow | null> {
  const latest = await latestSandboxSubscription(tx, customerId);
  const row =
    latest === null ? null : await findSandboxSubscription(tx, latest.id, { forUpdate: true });
  return row === null || row.status === 'canceled' ? null : row;
}

/**
 * The renewal invoice a failed payment left owed, else a new open one for the subscription's
 * price, dated `at`.
 */
async function owedRenewalInvoice(
  tx: Database,
  row: SandboxSubscriptionRow,
  at: Date,
): Promise<{ id: string; amount: number }> {
  const owed = await openSandboxInvoice(tx, row.id);
  if (owed !== null) return { id: owed.id, amount: owed.amount };
  const price = await findPrice(tx, row.price_id);
  const invoice = { id: sandboxId('in'), amount: price?.price.unit_amount ?? 0 };
  await insertSandboxInvoice(
    tx,
    {
      id: invoice.id,
      subscription_id: row.id,
      kind: 'renewal',
      price_id: row.price_id,
      amount: invoice.amount,
      status: 'open',
    },
    at,
  );
  return invoice;
}

/** An event as the provider sends it (delivered in-process through the webhook's handling). */
const event = (type: string, object: { id: string; object: string }): WebhookEvent => ({
  id: sandboxId('evt'),
  type,
  object,
});

/**
 * A renewal charged: the invoice a failed payment left owed (else a new one, dated `at`) with
 * the prorations pending, paid; the subscription active in its next period. Answers the
 * provider's event.
 */
async function chargeRenewal(
  tx: Database,
  row: SandboxSubscriptionRow,
  at: Date,
): Promise<WebhookEvent> {
  const invoice = await owedRenewalInvoice(tx, row, at);
  const prorations = await invoicePendingProrations(tx, row.id, invoice.id);
  await markSandboxInvoicePaid(tx, invoice.id, Math.max(0, invoice.amount + prorations));
  await renewSandboxSubscription(tx, row.id);
  return event('invoice.paid', { id: invoice.id, object: 'invoice' });
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The hosted checkout page's "Payer": charges the test card, creating customer and subscription. */
  pay(sessionId: string, input: { card: string; email: string }): Promise<SandboxPaymentOutcome>;
  portalSession(id: string): Promise<{ customerId: string; returnUrl: string } | null>;
  /**
   * The test clock's 'advance to the period end' for one provider customer: a subscription
   * cancelled at period end ends, any other renews (its owed invoice, or a new one, is paid).
   * Answers the events the provider would send.
   */
  advanceToPeriodEnd(customerId: string): Promise<WebhookEvent[]>;
  /** The customer's next charge fails: the subscription goes past due, its invoice stays owed. */
  failPayment(customerId: string): Promise<WebhookEvent[]>;
  /** What a failed payment left owed (with the prorations it will carry), in cents, else null. */
  owedAmount(customerId: string): Promise<number | null>;
  /**
   * The portal's new card on a past-due subscription: an accepted card pays what is owed, as a
   * renewal (the next period); a declined or invalid one changes nothing.
   */
  payOwed(
    customerId: string,
    card: string,
  ): Promise<{ outcome: SandboxCardOutcome; events: WebhookEvent[] }>;
}

/**
 * The default provider: everything a hosted payment provider keeps is kept in this server's
 * database, and its pages are served under `/sandbox` on the same origin.
 */
export function createSandboxProvider(options: {
  db: Database;
  publicOrigin: string;
  webhookSecret: string | undefined;
  /** The provider's own time (the app's clock); each customer's test clock runs ahead of it. */
  now?: () => Date;
}): SandboxProvider {
  const { db, publicOrigin, webhookSecret } = options;
  const now = options.now ?? (() => new Date());

  async function retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    await expireIfPastDeadline(db, id);
    const row = await findCheckoutSession(db, id, 'sandbox');
    if (row === null) return null;
    return {
      id: row.id,
      amount_total: row.amount_total,
      currency: 'eur',
      status: row.status,
      payment_status: row.payment_status,
      plan_id: row.plan_id,
      price_id: row.price_id,
      billingCycle: row.billing_cycle,
      customer: row.provider_customer_id,
      subscription: row.provider_subscription_id,
      customer_email: row.customer_email,
    };
  }

  async function retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const row = await findSandboxSubscription(db, id);
    return row === null ? null : subscriptionOf(row);
  }

  async function requireSubscription(id: string): Promise<ProviderSubscription> {
    const subscription = await retrieveSubscription(id);
    if (subscription === null) throw new Error(`No sandbox subscription ${id}`);
    return subscription;
  }

  return {
    name: 'sandbox',

    async createCheckoutSession(input) {
      const id = sandboxId('cs');
      await insertCheckoutSession(db, {
        id,
        provider: 'sandbox',
        plan_id: input.plan.id,
        price_id: input.price.id,
        billing_cycle: input.billingCycle,
        amount_total: input.price.unit_amount,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer_email: input.customerEmail ?? null,
        provider_customer_id: input.customerId ?? null,
      });
      return { id, url: `${publicOrigin}/sandbox/checkout/${id}` };
    },

    retrieveCheckoutSession,

    async pay(sessionId, { card, email }) {
      const session = await retrieveCheckoutSession(sessionId);
      if (session === null || session.status !== 'open') return 'not-open';
      const judged = judgeCard(card);
      if (judged !== 'accepted') return judged;
      return db.transaction(async (tx) => {
        // Only the first click of a double submit moves the session out of 'open'.
        if (!(await markPaid(tx, sessionId, email))) return 'not-open';
        // A signed-in account's session bills its own customer; a visitor's gets a new one.
        const customerId = session.customer ?? sandboxId('cus');
        const subscriptionId = sandboxId('sub');
        if (session.customer === null) await insertSandboxCustomer(tx, { id: customerId, email });
        await insertSandboxSubscription(
          tx,
          {
            id: subscriptionId,
            customer_id: customerId,
            price_id: session.price_id,
            interval: session.billingCycle === 'monthly' ? 'month' : 'year',
          },
          now(),
        );
        await setProviderIds(tx, sessionId, customerId, subscriptionId);
        return 'paid';
      });
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = sandboxId('bps');
      await insertPortalSession(db, {
        id,
        provider_customer_id: customerId,
        return_url: returnUrl,
      });
      return { url: `${publicOrigin}/sandbox/portal/${id}` };
    },

    async portalSession(id) {
      const row = await findPortalSession(db, id);
      return row === null
        ? null
        : { customerId: row.provider_customer_id, returnUrl: row.return_url };
    },

    async createCustomer({ email, name }) {
      const id = sandboxId('cus');
      await insertSandboxCustomer(db, { id, email, name });
      return { id, email, name };
    },

    async retrieveCustomer(id) {
      return findSandboxCustomer(db, id);
    },

    retrieveSubscription,

    async subscriptionOfCustomer(customerId) {
      const row = await latestSandboxSubscription(db, customerId);
      return row === null ? null : subscriptionOf(row);
    },

    async changeSubscriptionPrice(id, entry) {
      await db.transaction(async (tx) => {
        const row = await findSandboxSubscription(tx, id, { forUpdate: true });
        if (row === null || row.status === 'canceled') return;
        const current = await findPrice(tx, row.price_id);
        if (current === null) return;
        const at = await customerTime(tx, row.customer_id, now());
        const share = remainingShare(row, at);
        const sameInterval = entry.price.interval === row.interval;
        // As Stripe's 'create_prorations': within the same interval, the difference for the
        // rest of the period goes on the next invoice; to another interval, the new period
        // starts now and is charged at once, less the unused time of the old price.
        const unused = Math.round(current.price.unit_amount * share);
        const line = sameInterval
          ? {
              kind: 'proration' as const,
              amount: Math.round((entry.price.unit_amount - current.price.unit_amount) * share),
              status: 'pending' as const,
            }
          : {
              kind: 'renewal' as const,
              amount: Math.max(0, entry.price.unit_amount - unused),
              status: 'paid' as const,
            };
        if (line.amount !== 0 || !sameInterval) {
          await insertSandboxInvoice(
            tx,
            {
              id: sandboxId(sameInterval ? 'ii' : 'in'),
              subscription_id: id,
              price_id: entry.price.id,
              ...line,
            },
            at,
          );
        }
        await changeSandboxSubscriptionPrice(tx, id, entry.price, sameInterval ? null : at);
      });
      return requireSubscription(id);
    },

    async cancelAtPeriodEnd(id) {
      await setSandboxCancelAtPeriodEnd(db, id, true);
      return requireSubscription(id);
    },

    async resumeSubscription(id) {
      await setSandboxCancelAtPeriodEnd(db, id, false);
      return requireSubscription(id);
    },

    async retrieveInvoice(id) {
      const row = await findSandboxInvoice(db, id);
      if (row === null || row.kind !== 'renewal') return null;
      return {
        id: row.id,
        subscription: row.subscription_id,
        status: row.status === 'paid' ? 'paid' : 'open',
        amount: row.amount,
        firstOfSubscription: false,
      };
    },

    async advanceToPeriodEnd(customerId) {
      return db.transaction(async (tx) => {
        const row = await liveSubscriptionForUpdate(tx, customerId);
        if (row === null) return [];
        const end = new Date(row.current_period_end);
        await setTestClock(tx, customerId, end);
        if (row.cancel_at_period_end) {
          await setSandboxSubscriptionStatus(tx, row.id, 'canceled');
          return [event('customer.subscription.deleted', { id: row.id, object: 'subscription' })];
        }
        // The card is charged again: the invoice a failed payment left owed, else a new one.
        return [await chargeRenewal(tx, row, end)];
      });
    },

    async failPayment(customerId) {
      return db.transaction(async (tx) => {
        const row = await liveSubscriptionForUpdate(tx, customerId);
        if (row === null) return [];
        const at = await customerTime(tx, customerId, now());
        const invoice = await owedRenewalInvoice(tx, row, at);
        await setSandboxSubscriptionStatus(tx, row.id, 'past_due');
        return [event('invoice.payment_failed', { id: invoice.id, object: 'invoice' })];
      });
    },

    async owedAmount(customerId) {
      const latest = await latestSandboxSubscription(db, customerId);
      const owed = latest?.status === 'past_due' ? await openSandboxInvoice(db, latest.id) : null;
      if (latest === null || owed === null) return null;
      return Math.max(0, owed.amount + (await pendingProrationsTotal(db, latest.id)));
    },

    async payOwed(customerId, card) {
      return db.transaction(async (tx) => {
        const row = await liveSubscriptionForUpdate(tx, customerId);
        const owed = row?.status === 'past_due' ? await openSandboxInvoice(tx, row.id) : null;
        if (row === null || owed === null) return { outcome: 'nothing-owed', events: [] };
        const judged = judgeCard(card);
        if (judged !== 'accepted') return { outcome: judged, events: [] };
        const at = await customerTime(tx, customerId, now());
        return { outcome: 'paid', events: [await chargeRenewal(tx, row, at)] };
      });
    },

    async listPrices() {
      return (await listCatalogue(db)).map(priceOf);
    },

    async retrievePrice(id) {
      const entry = await findPrice(db, id);
      return entry === null ? null : priceOf(entry);
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyWebhook(rawBody, signatureHeader, webhookSecret);
    },
  };
}
