import { effectiveStatus, subscriptionMrrCents } from '@portal/core/domain';
import type { Database } from '../db/database.ts';
import { recordEvent, systemActor, type Actor } from '../journal/journal.repo.ts';
import type { ProviderInvoice } from '../payments/provider.ts';
import {
  endKeys,
  lapsedSubscriptions,
  subscriptionOf,
  trialsEnded,
  type SubscriptionRow,
} from './subscriptions.repo.ts';

/**
 * A subscription's events in the journal (docs/product.md#back-office), each written in the
 * transaction of the change it records. Money events carry the plan and cycle, the amount the
 * provider recorded and the customer's MRR before and after (core's `subscriptionMrrCents`), so
 * the indicators are computed from them.
 */

/** What the row brings per month, judged by `status` (the clock's, or as stored). */
function mrrOf(row: SubscriptionRow | undefined, status: string): number {
  return row === undefined ? 0 : subscriptionMrrCents({ ...row, status });
}

/** What the row brings per month at `at`. */
export function mrrAt(row: SubscriptionRow | undefined, at: Date): number {
  return row === undefined ? 0 : mrrOf(row, effectiveStatus(row, at));
}

/** The signup's trial began. */
export async function recordTrialStarted(
  tx: Database,
  trial: { customerId: string; planId: string; trialEnd: Date; at: Date },
): Promise<void> {
  await recordEvent(tx, {
    type: 'trial_started',
    at: trial.at,
    actor: { kind: 'customer', id: trial.customerId },
    customer_id: trial.customerId,
    plan_id: trial.planId,
    billing_cycle: 'monthly',
    details: { trial_end: trial.trialEnd.toISOString() },
  });
}

/** A trial ran out (at its end), once per trial whoever notices it first. */
export async function recordTrialEnded(
  tx: Database,
  row: SubscriptionRow & { trial_end: Date },
  actor: Actor = systemActor,
): Promise<void> {
  await recordEvent(tx, {
    type: 'trial_ended',
    at: row.trial_end,
    actor,
    customer_id: row.customer_id,
    plan_id: row.plan_id,
    billing_cycle: row.billing_cycle,
    details: { trial_end: row.trial_end.toISOString() },
    once_key: `${endKeys.trial}${row.id}`,
  });
}

/**
 * A paid subscription ended (the provider ended it, or its cancellation's period ran out): its
 * MRR goes to nothing, once per subscription whoever notices it first. A cancellation that ran
 * out ended at its period's end.
 */
export async function recordSubscriptionEnded(
  tx: Database,
  row: SubscriptionRow,
  change: { at: Date; actor: Actor },
): Promise<void> {
  const lapsed =
    row.cancel_at_period_end &&
    row.current_period_end !== null &&
    row.current_period_end <= change.at;
  await recordEvent(tx, {
    type: 'subscription_ended',
    at: lapsed && row.current_period_end !== null ? row.current_period_end : change.at,
    actor: change.actor,
    customer_id: row.customer_id,
    plan_id: row.plan_id,
    billing_cycle: row.billing_cycle,
    // What it brought while it ran (the clock may already count it as ended).
    mrr_before_cents: mrrOf(row, row.status),
    mrr_after_cents: 0,
    details: { provider_subscription_id: row.provider_subscription_id },
    once_key: `${endKeys.subscription}${row.provider_subscription_id ?? row.id}`,
  });
}

/**
 * What a provider's state written over the account's row changed: the plan or cycle, a
 * cancellation scheduled or lifted, the end. A state already mirrored changes nothing, so it
 * records nothing (replayed events).
 */
export async function recordMirrored(
  tx: Database,
  change: {
    before: SubscriptionRow;
    after: SubscriptionRow;
    at: Date;
    actor: Actor;
    /** The licences set aside by the change, their custom domains. */
    setAside: readonly string[];
  },
): Promise<void> {
  const { before, after, at, actor } = change;
  const common = { at, actor, customer_id: after.customer_id } as const;
  if (after.status === 'canceled' && before.status !== 'canceled') {
    await recordSubscriptionEnded(tx, before, { at, actor });
    return;
  }
  if (before.plan_id !== after.plan_id || before.billing_cycle !== after.billing_cycle) {
    await recordEvent(tx, {
      ...common,
      type: 'plan_changed',
      plan_id: after.plan_id,
      billing_cycle: after.billing_cycle,
      mrr_before_cents: mrrAt(before, at),
      mrr_after_cents: mrrAt(after, at),
      details: {
        from_plan_id: before.plan_id,
        from_billing_cycle: before.billing_cycle,
        set_aside_domains: [...change.setAside].sort(),
      },
    });
  }
  if (before.cancel_at_period_end !== after.cancel_at_period_end) {
    await recordEvent(tx, {
      ...common,
      type: after.cancel_at_period_end ? 'cancellation_scheduled' : 'subscription_resumed',
      plan_id: after.plan_id,
      billing_cycle: after.billing_cycle,
      details: { current_period_end: after.current_period_end?.toISOString() ?? null },
    });
  }
}

/**
 * A paid checkout became the account's subscription (replacing a trial, an ended or a running
 * subscription, or none): once per checkout session. A trial it replaces after its end is
 * recorded as ended first.
 */
export async function recordCheckoutPaid(
  tx: Database,
  paid: {
    previous: SubscriptionRow | undefined;
    session: { id: string; amount_total: number; provider_subscription_id: string | null };
    customerId: string;
    at: Date;
  },
): Promise<void> {
  const { previous, session, customerId, at } = paid;
  if (previous?.status === 'trialing' && previous.trial_end !== null && previous.trial_end <= at) {
    await recordTrialEnded(tx, { ...previous, trial_end: previous.trial_end });
  }
  const current = await subscriptionOf(tx, customerId);
  await recordEvent(tx, {
    type: 'checkout_paid',
    at,
    actor: { kind: 'customer', id: customerId },
    customer_id: customerId,
    plan_id: current?.plan_id ?? null,
    billing_cycle: current?.billing_cycle ?? null,
    amount_cents: session.amount_total,
    mrr_before_cents: mrrAt(previous, at),
    mrr_after_cents: mrrAt(current, at),
    details: {
      checkout_session_id: session.id,
      provider_subscription_id: session.provider_subscription_id,
      from_trial: previous?.status === 'trialing',
    },
    once_key: `checkout_paid:${session.id}`,
  });
}

/**
 * A renewal invoice paid, or a payment that failed (what it left owed), as the provider recorded
 * it: once per invoice and outcome. Answers whether it was new (so its mail goes out once).
 */
export async function recordInvoice(
  tx: Database,
  invoice: { row: SubscriptionRow; invoice: ProviderInvoice; paid: boolean; at: Date },
): Promise<boolean> {
  const { row, at } = invoice;
  const type = invoice.paid ? 'payment_succeeded' : 'payment_failed';
  const mrr = mrrAt(row, at);
  return recordEvent(tx, {
    type,
    at,
    actor: { kind: 'provider' },
    customer_id: row.customer_id,
    plan_id: row.plan_id,
    billing_cycle: row.billing_cycle,
    amount_cents: invoice.invoice.amount,
    mrr_before_cents: mrr,
    mrr_after_cents: mrr,
    details: { invoice_id: invoice.invoice.id },
    once_key: `${type}:${invoice.invoice.id}`,
  });
}

/**
 * A customer deleted its account: its subscription goes with it, so does what it brought per
 * month (the provider's subscription was set to end at its period's end first).
 */
export async function recordAccountDeleted(
  tx: Database,
  customerId: string,
  at: Date,
): Promise<void> {
  const row = await subscriptionOf(tx, customerId, { forUpdate: true });
  // An end the clock brought and no sweep recorded yet cannot be found once the row is gone.
  if (row !== undefined) await recordEndsAt(tx, row, at);
  await recordEvent(tx, {
    type: 'account_deleted',
    at,
    actor: { kind: 'customer', id: customerId },
    customer_id: customerId,
    plan_id: row?.plan_id ?? null,
    billing_cycle: row?.billing_cycle ?? null,
    mrr_before_cents: mrrAt(row, at),
    mrr_after_cents: 0,
  });
}

/** The end the clock gave this row by `now`, if any (recorded once). */
async function recordEndsAt(tx: Database, row: SubscriptionRow, now: Date): Promise<void> {
  const status = effectiveStatus(row, now);
  if (status === 'trial_ended' && row.trial_end !== null) {
    await recordTrialEnded(tx, { ...row, trial_end: row.trial_end });
  } else if (status === 'canceled' && row.status !== 'canceled') {
    await recordSubscriptionEnded(tx, row, { at: now, actor: systemActor });
  }
}

/**
 * What the clock ended with no write to record it: trials past their end, cancellations past
 * their period's end (before the provider says so). Run while serving and before the indicators
 * are computed; each is recorded once, at the moment it happened. Answers how many it recorded.
 */
export async function recordClockEvents(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = [...(await trialsEnded(tx, now)), ...(await lapsedSubscriptions(tx, now))];
    for (const row of rows) await recordEndsAt(tx, row, now);
    return rows.length;
  });
}
