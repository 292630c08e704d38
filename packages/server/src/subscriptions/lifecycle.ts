import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../accounts/accounts.repo.ts';
import { newId } from '../auth/tokens.ts';
import type { AnnounceChange } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import {
  countActiveLicences,
  deactivateLicencesExcept,
  deactivateNewestBeyond,
  ownActiveLicenceIds,
  reactivateLicencesUpTo,
} from '../licences/licences.repo.ts';
import { providerActor, type Actor } from '../journal/journal.repo.ts';
import { enqueueMail } from '../mail/index.ts';
import type {
  CatalogueEntry,
  PaymentProvider,
  ProviderSubscription,
} from '../payments/provider.ts';
import { listActivePlans } from '../plans/plans.repo.ts';
import { texts } from '../texts.ts';
import { recordMirrored, recordTrialStarted } from './journal-events.ts';
import { isPaidAndRunning } from './status.ts';
import {
  insertTrial,
  subscriptionOf,
  subscriptionOfProvider,
  updateFromProvider,
  type SubscriptionRow,
} from './subscriptions.repo.ts';

/** How long the signup's free trial lasts (docs/product.md, 'Subscription lifecycle'). */
export const TRIAL_DAYS = 7;

/** The dashboard's subscription tab, where mails send the customer. */
export const subscriptionTabUrl = (publicOrigin: string) =>
  `${publicOrigin}/dashboard?tab=subscription`;

/**
 * The signup's trial, in the account creation's transaction: the Basic terms (the cheapest
 * plan on sale, by monthly price), monthly, for TRIAL_DAYS from `now`; journaled.
 */
export async function startTrial(tx: Database, customerId: string, now: Date): Promise<void> {
  const plans = await listActivePlans(tx);
  const basic = plans.reduce<(typeof plans)[number] | undefined>(
    (cheapest, plan) =>
      cheapest === undefined || plan.monthly_price_cents < cheapest.monthly_price_cents
        ? plan
        : cheapest,
    undefined,
  );
  if (basic === undefined) throw new Error('no plan on sale to start a trial on');
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000);
  await insertTrial(tx, {
    customer_id: customerId,
    plan_id: basic.id,
    trial_end: trialEnd,
    created_at: now,
  });
  await recordTrialStarted(tx, { customerId, planId: basic.id, trialEnd, at: now });
}

async function maxLicencesOf(db: Database, planId: string): Promise<number> {
  const plan = (await listActivePlans(db)).find((candidate) => candidate.id === planId);
  if (plan === undefined) throw notFound(texts.payments.planNotFound);
  return plan.max_licenses;
}

/** Who changed a subscription, and when. */
export interface MirrorChange {
  at: Date;
  actor: Actor;
  /** The licences the caller set aside in the same write (the ones a plan change did not keep). */
  setAside?: readonly string[];
}

/**
 * Mirrors a provider subscription into the account's row, in the caller's write, and journals
 * what changed; answers the account's row before the change (undefined when no account has it)
 * and the licences set aside: a limit lowered outside the guard (the provider's own portal)
 * keeps the oldest active.
 */
export async function mirrorIn(
  tx: Database,
  changed: AnnounceChange,
  subscription: ProviderSubscription,
  change: MirrorChange,
): Promise<{ before: SubscriptionRow | undefined; setAside: string[] }> {
  const before = await subscriptionOfProvider(tx, subscription.id);
  const customerId = await updateFromProvider(tx, subscription.id, {
    plan_id: subscription.plan_id,
    billing_cycle: subscription.billingCycle,
    status: subscription.status,
    current_period_end: subscription.current_period_end,
    cancel_at_period_end: subscription.cancel_at_period_end,
  });
  if (customerId === undefined) return { before: undefined, setAside: [] };
  // The plan's own limit, on sale or not (a retired plan's subscribers still get events).
  const after = await subscriptionOf(tx, customerId);
  const setAside = await deactivateNewestBeyond(tx, changed, customerId, after?.max_licenses ?? 0);
  // The listed licences show the access the new status gives.
  await changed({ type: 'licences', customerId });
  if (before !== undefined && after !== undefined) {
    await recordMirrored(tx, {
      before,
      after,
      at: change.at,
      actor: change.actor,
      setAside: [...(change.setAside ?? []), ...setAside],
    });
  }
  return { before, setAside };
}

/**
 * The one place a provider subscription's state reaches the account (events, the sandbox
 * portal, the provider routes); answers the account id, if any account has it. `actor`: who
 * changed it (the provider's events and its own portal by default).
 */
export async function mirrorSubscription(
  app: FastifyInstance,
  subscription: ProviderSubscription,
  actor: Actor = providerActor,
): Promise<string | undefined> {
  const { before } = await app.readCache.write(app.db, (tx, changed) =>
    mirrorIn(tx, changed, subscription, { at: app.now(), actor }),
  );
  return before?.customer_id;
}

/** The paid subscription a change, a cancellation or a resume acts on; 409 `refusal` otherwise. */
async function runningSubscription(
  app: FastifyInstance,
  customerId: string,
  refusal: string,
): Promise<SubscriptionRow & { provider_subscription_id: string }> {
  const row = await subscriptionOf(app.db, customerId);
  if (row === undefined || row.provider_subscription_id === null) throw conflict(refusal);
  if (!isPaidAndRunning(row, app.now())) throw conflict(refusal);
  return { ...row, provider_subscription_id: row.provider_subscription_id };
}

/** The guard's refusal: more active licences kept than the new plan allows. */
function guardRefusal(entry: CatalogueEntry, limit: number, kept: number) {
  return conflict(messages.subscriptionRules.tooManyLicences(entry.plan.name, limit, kept));
}

/**
 * A plan or cycle change (docs/product.md, 'Subscription lifecycle'): only a paid subscription
 * still running, never to the same plan and cycle; at once and prorated by the provider. The
 * guard: the active licences kept (`keep`, else all) must fit the new plan, whatever the list
 * names; the others become inactive in the write that records the change.
 */
export async function changePlan(
  app: FastifyInstance,
  customerId: string,
  change: { entry: CatalogueEntry; keep?: readonly string[] | undefined },
): Promise<ProviderSubscription> {
  const { entry, keep } = change;
  const row = await runningSubscription(
    app,
    customerId,
    messages.subscriptionRules.noPaidSubscription,
  );
  const cycle = entry.price.interval === 'month' ? 'monthly' : 'yearly';
  if (row.plan_id === entry.plan.id && row.billing_cycle === cycle) {
    throw conflict(messages.subscriptionRules.samePlan);
  }
  const limit = await maxLicencesOf(app.db, entry.plan.id);
  const guard = async (db: Database) => {
    if (keep !== undefined) {
      const own = await ownActiveLicenceIds(db, customerId, keep);
      // Only the customer's own active licences can be kept: any other id (another account's,
      // an inactive or a deleted licence) refuses the whole change.
      if (own.length !== keep.length) {
        throw conflict(messages.licences.notFound, {
          keep_licence_ids: messages.licences.notFound,
        });
      }
    }
    const kept = keep?.length ?? (await countActiveLicences(db, customerId));
    if (kept > limit) throw guardRefusal(entry, limit, kept);
  };
  // Checked before the provider is asked, so a refused change charges nothing ...
  await guard(app.db);
  const updated = await app.payments.changeSubscriptionPrice(row.provider_subscription_id, entry);
  const deactivated = await app.readCache.write(app.db, async (tx, changed) => {
    // ... and again with the row locked, where the licences not kept are set aside. A licence
    // created between the two (against the old limit) is not in the list: the limit holds by
    // keeping the oldest.
    const notKept =
      keep === undefined ? [] : await deactivateLicencesExcept(tx, changed, customerId, keep);
    const { before, setAside } = await mirrorIn(tx, changed, updated, {
      at: app.now(),
      actor: { kind: 'customer', id: customerId },
      setAside: notKept,
    });
    if (keep === undefined && before !== undefined && limit > before.max_licenses) {
      await reactivateLicencesUpTo(tx, changed, customerId, limit);
    }
    const account = await findCustomerById(tx, customerId);
    if (account !== undefined) {
      await enqueueMail(tx, {
        id: newId(),
        kind: 'plan-change',
        recipient: account.email,
        payload: {
          planName: entry.plan.name,
          billingCycle: cycle,
          priceCents: entry.price.unit_amount,
          maxLicences: limit,
          deactivatedDomains: [...notKept, ...setAside].sort(),
          link: subscriptionTabUrl(app.config.publicOrigin),
        },
        created_at: app.now(),
      });
    }
    return notKept.length + setAside.length;
  });
  app.mail.wake();
  app.log.info({ customerId, plan: entry.plan.id, deactivated }, 'plan changed');
  return updated;
}

/**
 * Makes sure a provider subscription never renews: cancelled at its period end (the period paid
 * runs out), unless the provider says it already ends or has ended. For the subscriptions no
 * account will hold any more: one an attach replaced, or a deleted account's.
 */
export async function stopRenewal(provider: PaymentProvider, id: string): Promise<void> {
  const remote = await provider.retrieveSubscription(id);
  const renews = remote !== null && remote.status !== 'canceled' && !remote.cancel_at_period_end;
  if (renews) await provider.cancelAtPeriodEnd(id);
}

/** Cancels at the period's end (the subscription stays active until then); idempotent. */
export async function cancelAtPeriodEnd(
  app: FastifyInstance,
  customerId: string,
): Promise<ProviderSubscription> {
  const row = await runningSubscription(
    app,
    customerId,
    messages.subscriptionRules.nothingToCancel,
  );
  const updated = await app.payments.cancelAtPeriodEnd(row.provider_subscription_id);
  await mirrorSubscription(app, updated, { kind: 'customer', id: customerId });
  return updated;
}

/** Undoes a cancellation while the period lasts; idempotent on a subscription not cancelled. */
export async function resumeSubscription(
  app: FastifyInstance,
  customerId: string,
): Promise<ProviderSubscription> {
  const row = await runningSubscription(app, customerId, messages.subscriptionRules.cannotResume);
  const updated = await app.payments.resumeSubscription(row.provider_subscription_id);
  await mirrorSubscription(app, updated, { kind: 'customer', id: customerId });
  return updated;
}
