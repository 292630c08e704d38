import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findCustomerById, setProviderCustomerId } from '../accounts/accounts.repo.ts';
import { newId } from '../auth/tokens.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';
import { recordEvent, type Actor } from '../journal/journal.repo.ts';
import { deactivateNewestBeyond, reactivateLicencesUpTo } from '../licences/licences.repo.ts';
import { enqueueMail } from '../mail/index.ts';
import { createPeriodicJob, type PeriodicJob } from '../periodic.ts';
import { recordCheckoutPaid } from '../subscriptions/journal-events.ts';
import { stopRenewal } from '../subscriptions/lifecycle.ts';
import { isPaidAndRunning } from '../subscriptions/status.ts';
import {
  applyPaidSubscription,
  markReplacedCancelled,
  pendingReplacedSubscriptions,
  recordReplacedSubscription,
  subscriptionOf,
} from '../subscriptions/subscriptions.repo.ts';
import {
  applyProviderState,
  claimSessionMail,
  findCheckoutSession,
  lockCheckoutSession,
  markAttached,
  paidUnusedSessionsOf,
  type CheckoutSessionRow,
} from './checkout-sessions.repo.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * What fulfilling a paid checkout needs: the database, the provider, the read cache (the
 * licence list follows the subscription), the public origin (links in mails), the clock, a
 * way to wake the mail worker and a log. Built from the app (`fulfilmentOf`).
 */
export interface Fulfilment {
  db: Database;
  provider: PaymentProvider;
  readCache: ReadCache;
  publicOrigin: string;
  now: () => Date;
  wakeMail: () => void;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The app's parts a paid checkout's fulfilment uses. */
export function fulfilmentOf(app: FastifyInstance): Fulfilment {
  return {
    db: app.db,
    provider: app.payments,
    readCache: app.readCache,
    publicOrigin: app.config.publicOrigin,
    now: app.now,
    wakeMail: () => app.mail.wake(),
    log: app.log,
  };
}

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

/** The account-creation page of a visitor's paid session, on the portal's public origin. */
export function onboardingLink(publicOrigin: string, sessionId: string): string {
  return `${publicOrigin}/onboarding?session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * Mails the account-creation link again for every paid checkout of `email` no account used yet,
 * in one write; answers those checkouts. The visitor's resend and the admin's action (journaled
 * with its admin, the customer and the reason, as `onboarding_link_sent`).
 */
export async function resendOnboardingLinks(
  fulfilment: Pick<Fulfilment, 'db' | 'publicOrigin' | 'now' | 'wakeMail'>,
  email: string,
  byAdmin?: { actor: Actor; customerId: string | null; reason: string | null },
): Promise<CheckoutSessionRow[]> {
  const sessions = await paidUnusedSessionsOf(fulfilment.db, email);
  if (sessions.length === 0) return sessions;
  await fulfilment.db.transaction(async (tx) => {
    const at = fulfilment.now();
    for (const session of sessions) {
      await enqueueMail(tx, {
        id: newId(),
        kind: 'onboarding-link',
        recipient: session.customer_email ?? email,
        payload: {
          link: onboardingLink(fulfilment.publicOrigin, session.id),
          planName: session.plan_name,
          billingCycle: session.billing_cycle,
        },
        created_at: at,
      });
    }
    if (byAdmin !== undefined) {
      await recordEvent(tx, {
        type: 'onboarding_link_sent',
        at,
        actor: byAdmin.actor,
        customer_id: byAdmin.customerId,
        reason: byAdmin.reason,
        details: { checkout_session_ids: sessions.map((session) => session.id) },
      });
    }
  });
  fulfilment.wakeMail();
  return sessions;
}

/**
 * The period the payment bought ends when the provider says; asked before the transaction (the
 * provider may be a network call, and the sandbox reads the same database). Without an answer,
 * one cycle from now.
 */
export async function paidPeriodEnd(
  fulfilment: Pick<Fulfilment, 'provider' | 'now'>,
  session: Pick<CheckoutSessionRow, 'provider_subscription_id' | 'billing_cycle'>,
): Promise<Date> {
  const id = session.provider_subscription_id;
  const remote = id === null ? null : await fulfilment.provider.retrieveSubscription(id);
  if (remote?.current_period_end != null) return new Date(remote.current_period_end);
  const end = new Date(fulfilment.now());
  if (session.billing_cycle === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * In the caller's transaction, a paid session becomes the account's subscription (its plan, its
 * cycle, its provider subscription and the period bought), is marked attached to the account
 * and is journaled (`checkout_paid`, with the MRR it moved): an existing account's attach and a
 * visitor's account creation alike.
 */
export async function subscribeFromSession(
  tx: Database,
  attach: {
    session: Pick<
      CheckoutSessionRow,
      'id' | 'plan_id' | 'billing_cycle' | 'provider_subscription_id' | 'amount_total'
    >;
    customerId: string;
    periodEnd: Date;
    now: Date;
  },
): Promise<void> {
  const { session, customerId } = attach;
  const previous = await subscriptionOf(tx, customerId, { forUpdate: true });
  await applyPaidSubscription(
    tx,
    {
      customer_id: customerId,
      plan_id: session.plan_id,
      billing_cycle: session.billing_cycle,
      provider_subscription_id: session.provider_subscription_id,
      checkout_session_id: session.id,
      current_period_end: attach.periodEnd,
    },
    attach.now,
  );
  await markAttached(tx, session.id, customerId);
  await recordCheckoutPaid(tx, { previous, session, customerId, at: attach.now });
}

/**
 * Queues the session's mails not sent yet, in the caller's transaction: the receipt (to the
 * account's email once attached, else the email given at checkout) and, for a visitor's payment
 * no account has used, the account-creation link. Each goes out once per session.
 */
async function queueSessionMails(
  tx: Database,
  fulfilment: Fulfilment,
  session: CheckoutSessionRow,
  owner: { customer_id: string | null; used_at: Date | null },
): Promise<boolean> {
  const account =
    owner.customer_id === null ? undefined : await findCustomerById(tx, owner.customer_id);
  const recipient = account?.email ?? session.customer_email;
  if (recipient === null) return false;
  const createdAt = fulfilment.now();
  let queued = false;
  if (await claimSessionMail(tx, session.id, 'receipt')) {
    await enqueueMail(tx, {
      id: newId(),
      kind: 'payment-receipt',
      recipient,
      payload: {
        planName: session.plan_name,
        billingCycle: session.billing_cycle,
        amountCents: session.amount_total,
        paidAt: (session.paid_at ?? createdAt).toISOString(),
        reference: session.id,
      },
      created_at: createdAt,
    });
    queued = true;
  }
  const visitor = owner.customer_id === null && owner.used_at === null;
  if (visitor && (await claimSessionMail(tx, session.id, 'onboarding'))) {
    await enqueueMail(tx, {
      id: newId(),
      kind: 'onboarding-link',
      recipient,
      payload: {
        link: onboardingLink(fulfilment.publicOrigin, session.id),
        planName: session.plan_name,
        billingCycle: session.billing_cycle,
      },
      created_at: createdAt,
    });
    queued = true;
  }
  return queued;
}

export type AttachOutcome = 'attached' | 'unknown' | 'unpaid' | 'taken';

/** Another account holds the session, or an account was created from it and then deleted. */
function takenFrom(
  owner: Pick<CheckoutSessionRow, 'customer_id' | 'used_at'>,
  customerId: string,
): boolean {
  return owner.customer_id === null ? owner.used_at !== null : owner.customer_id !== customerId;
}

/**
 * Replaced provider subscriptions (an attach replaced them while they still ran) not yet
 * confirmed cancelled: each is cancelled at its period end (the period paid runs out, nothing
 * renews), after the write that recorded it, never inside a transaction. One already ending
 * or ended at the provider is only marked. A failure is logged and stays owed for the next
 * attach of the account or the next sweep (docs/decisions.md, 'Attaching over a paid
 * subscription still running').
 */
async function cancelReplacedSubscriptions(
  fulfilment: Fulfilment,
  pending: readonly { provider_subscription_id: string; customer_id: string | null }[],
): Promise<void> {
  const { db, provider } = fulfilment;
  for (const { provider_subscription_id: id, customer_id: customerId } of pending) {
    try {
      await stopRenewal(provider, id);
      await markReplacedCancelled(db, id, fulfilment.now());
    } catch (error) {
      fulfilment.log.error(
        {
          providerSubscriptionId: id,
          customerId,
          error: error instanceof Error ? error.message : String(error),
        },
        'replaced subscription not cancelled at the provider',
      );
    }
  }
}

/** One sweep over every account's owed cancellations, deleted accounts' too. */
export async function sweepReplacedSubscriptions(fulfilment: Fulfilment): Promise<void> {
  await cancelReplacedSubscriptions(
    fulfilment,
    await pendingReplacedSubscriptions(fulfilment.db, { limit: 100 }),
  );
}

/** Owed cancellations tried again on a timer, so one is made even if the account never returns. */
export function createReplacedSubscriptionSweep(
  fulfilment: Fulfilment,
  periodSeconds = 15 * 60,
): PeriodicJob {
  return createPeriodicJob({
    periodSeconds,
    run: () => sweepReplacedSubscriptions(fulfilment),
    // Failures are logged one by one inside; a database error is logged as the sweep's.
    log: fulfilment.log,
    failure: 'replaced subscription sweep failed',
  });
}

/**
 * Makes a paid session the account's subscription (the return page's attach, the provider's
 * webhook, both in any order and any number of times). The session row is locked for the
 * whole write, so the second arrival finds `attached_at` set and changes nothing. When the
 * account's paid subscription still runs on another provider subscription (a visitor's payment
 * attached by an account already subscribed), that one is cancelled at its period end.
 */
export async function attachPaidSession(
  fulfilment: Fulfilment,
  sessionId: string,
  customerId: string,
): Promise<AttachOutcome> {
  const { db, provider } = fulfilment;
  const session = await syncCheckoutSession(db, provider, sessionId);
  if (session === null) return 'unknown';
  // Another account's session is refused before anything about its payment is said.
  if (takenFrom(session, customerId)) return 'taken';
  if (session.payment_status !== 'paid') return 'unpaid';
  const periodEnd = await paidPeriodEnd(fulfilment, session);
  const outcome = await fulfilment.readCache.write(db, async (tx, changed) => {
    const owner = await lockCheckoutSession(tx, sessionId);
    if (owner === null) return 'unknown';
    if (takenFrom(owner, customerId)) return 'taken';
    if (owner.attached_at !== null) return 'attached';
    const now = fulfilment.now();
    // Its row is about to hold the new subscription: a running one it held must not renew.
    const previous = await subscriptionOf(tx, customerId, { forUpdate: true });
    const replaced = previous?.provider_subscription_id ?? null;
    if (
      replaced !== null &&
      replaced !== session.provider_subscription_id &&
      isPaidAndRunning(previous, now)
    ) {
      await recordReplacedSubscription(tx, {
        provider_subscription_id: replaced,
        customer_id: customerId,
        replaced_by: session.id,
        replaced_at: now,
      });
    }
    await subscribeFromSession(tx, { session, customerId, periodEnd, now });
    // The provider customer billing the live subscription is the one its portal must open.
    const account = await findCustomerById(tx, customerId);
    const billed = session.provider_customer_id;
    if (billed !== null && account !== undefined && account.stripe_customer_id !== billed) {
      await setProviderCustomerId(tx, customerId, billed);
    }
    await queueSessionMails(tx, fulfilment, session, { customer_id: customerId, used_at: null });
    // The plan bought sets the limit, as a plan change does: the oldest licences stay active
    // (the newer ones set aside, never deleted), and ones a downgrade set aside come back.
    const limit = (await subscriptionOf(tx, customerId))?.max_licenses ?? 0;
    await deactivateNewestBeyond(tx, changed, customerId, limit);
    await reactivateLicencesUpTo(tx, changed, customerId, limit);
    // Licences listed as inactive without access come back with it.
    await changed({ type: 'licences', customerId });
    return 'attached';
  });
  fulfilment.wakeMail();
  if (outcome === 'attached') {
    const pending = await pendingReplacedSubscriptions(db, { customerId });
    await cancelReplacedSubscriptions(fulfilment, pending);
  }
  return outcome;
}

/**
 * What the provider's "checkout paid" event does (and the sandbox's payment, and a visitor's
 * return to the onboarding page): records the payment, attaches a signed-in account's session,
 * and queues the receipt and, for a visitor, the account-creation link, once each. Idempotent,
 * so a replay, a retry after a restart or the return page arriving first lose nothing.
 */
export async function fulfilCheckoutSession(
  fulfilment: Fulfilment,
  id: string,
): Promise<CheckoutSessionRow | null> {
  const { db, provider } = fulfilment;
  const session = await syncCheckoutSession(db, provider, id);
  if (session === null || session.payment_status !== 'paid') return session;
  if (session.customer_id !== null && session.attached_at === null) {
    await attachPaidSession(fulfilment, id, session.customer_id);
  } else {
    const queued = await db.transaction(async (tx) => {
      const owner = await lockCheckoutSession(tx, id);
      return owner === null ? false : queueSessionMails(tx, fulfilment, session, owner);
    });
    if (queued) fulfilment.wakeMail();
  }
  return findCheckoutSession(db, id);
}
