import { messages } from '../domain/messages.ts';
import { isAllowedRedirect, type RedirectPolicy } from '../domain/redirects.ts';
import { formatDate, formatEuros } from '../domain/formatting.ts';
import type { BillingCycle } from '../domain/plans.ts';
import { givesAccess, isPaid, subscriptionStateOf } from '../domain/subscription-status.ts';
import { UNLIMITED_LICENCES } from '../licences/licences.types.ts';
import type { CurrentSubscription } from './subscription.types.ts';

/**
 * docs/product.md#subscription-tab and docs/decisions.md: the customer portal URL the server
 * handed back is followed only when the redirect policy allows it (an https provider origin, or
 * the sandbox's in development).
 * The one owner of this rule: the real implementation and every fake use it.
 */
export function isAllowedPortalUrl(url: string | null, policy: RedirectPolicy): boolean {
  return url !== null && isAllowedRedirect(url, policy);
}

export interface SubscriptionStatusBadge {
  /** Whether the subscription gives access (the badge's tone). */
  active: boolean;
  /** 'Essai gratuit', 'Actif', 'Paiement en échec', 'Résilié', 'Essai terminé', or 'Inactif'. */
  label: string;
  /** 'Aucun abonnement' without one. */
  detail: string | null;
  /** 'success' in good standing (trial, active), 'accent' when it needs the customer. */
  tone: 'success' | 'accent';
}

/**
 * The status label of docs/product.md#subscription-tab; without a subscription 'Inactif' with
 * 'Aucun abonnement' (see docs/product.md#profile-tab). One rule for the profile and the
 * subscription tab.
 */
export function subscriptionStatusBadgeOf(
  current: CurrentSubscription | null,
): SubscriptionStatusBadge {
  const state = subscriptionStateOf(current);
  if (state === 'none')
    return {
      active: false,
      label: messages.profile.inactive,
      detail: messages.profile.noSubscription,
      tone: 'accent',
    };
  return {
    active: givesAccess(state),
    label: messages.subscription.statusLabels[state],
    detail: null,
    tone: state === 'trialing' || state === 'active' ? 'success' : 'accent',
  };
}

const dayMs = 24 * 60 * 60 * 1000;

/** Days since the epoch of the calendar day `time` falls on, in the local time zone. */
function calendarDay(time: number): number {
  const date = new Date(time);
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / dayMs);
}

/**
 * Calendar days from `now` to the trial's end: 0 on its last day (never below), null when it has
 * no usable end.
 */
export function trialDaysLeft(trialEnd: string | null | undefined, now: number): number | null {
  if (trialEnd === null || trialEnd === undefined) return null;
  const end = Date.parse(trialEnd);
  if (Number.isNaN(end)) return null;
  return Math.max(0, calendarDay(end) - calendarDay(now));
}

/** 'Essai gratuit : {n} jours restants' for a running trial; null otherwise. */
export function trialLineOf(current: CurrentSubscription | null, now: number): string | null {
  if (subscriptionStateOf(current) !== 'trialing') return null;
  const days = trialDaysLeft(current?.subscription?.trial_end, now);
  return days === null ? null : messages.subscription.trialLine(days);
}

/**
 * The usage in words: '2 licences utilisées sur 3', '2 licences utilisées (Illimité)' for a plan
 * without a limit (999), as the licences tab's usage card says it.
 */
export function usageLineOf(usage: CurrentSubscription['usage']): string {
  return usage.licensesLimit === UNLIMITED_LICENCES
    ? messages.subscription.unlimitedUsageLine(usage.licensesUsed)
    : messages.subscription.usageLine(usage.licensesUsed, usage.licensesLimit);
}

/**
 * The summary's figures: '39,99 € par mois · 2 licences utilisées sur 3' for a paid
 * subscription, the licences alone during a trial (nothing is paid yet); null without access.
 */
export function summaryLineOf(current: CurrentSubscription | null): string | null {
  const subscription = current?.subscription ?? null;
  const state = subscriptionStateOf(current);
  if (current === null || subscription === null || !givesAccess(state)) return null;
  const licences = usageLineOf(current.usage);
  if (!isPaid(state)) return licences;
  const period =
    subscription.billingCycle === 'yearly'
      ? messages.subscription.perYear
      : messages.subscription.perMonth;
  return `${formatEuros(subscription.price)} ${period} · ${licences}`;
}

/**
 * A subscription in brief, the same on the subscription tab and in the profile
 * (docs/product.md#profile-tab): its plan, its status badge, the trial's days left at `now` and
 * the figures line.
 */
export interface SubscriptionSummary {
  /** The plan's name; null without a subscription. */
  planName: string | null;
  badge: SubscriptionStatusBadge;
  trialLine: string | null;
  figures: string | null;
}

export function subscriptionSummaryOf(
  current: CurrentSubscription | null,
  now: number,
): SubscriptionSummary {
  return {
    planName: current?.subscription?.name ?? null,
    badge: subscriptionStatusBadgeOf(current),
    trialLine: trialLineOf(current, now),
    figures: summaryLineOf(current),
  };
}
/** The end date (French long form) of a subscription cancelled at its period's end; else null. */
export function cancellationDateOf(current: CurrentSubscription | null): string | null {
  const subscription = current?.subscription ?? null;
  if (subscription?.cancel_at_period_end !== true) return null;
  if (!isPaid(subscriptionStateOf(current))) return null;
  const date = formatDate(subscription.current_period_end);
  return date === '' ? null : date;
}

/** A paid subscription may be cancelled (at its period's end) unless it already is. */
export function canCancelSubscription(current: CurrentSubscription | null): boolean {
  return (
    isPaid(subscriptionStateOf(current)) && current?.subscription?.cancel_at_period_end !== true
  );
}

/** A cancellation is undone until the period ends. */
export function canResumeSubscription(current: CurrentSubscription | null): boolean {
  return (
    isPaid(subscriptionStateOf(current)) && current?.subscription?.cancel_at_period_end === true
  );
}

/** A plan as a plan grid shows it: its id and its name. */
export interface PlanIdentity {
  id: string;
  name: string;
}

/**
 * Which of `plans` is the customer's current one: the subscription's plan id when the server
 * sent it, else its name (the current subscription carries name and price, see
 * docs/product.md#data-the-product-handles). Only a paid subscription has a current plan (a trial
 * or an ended subscription chooses any plan), and on the grid's other billing cycle that plan is
 * a change like any other. Null when there is none or no plan matches.
 */
export function currentPlanIdOf(
  current: CurrentSubscription | null,
  plans: readonly PlanIdentity[],
  billingCycle?: BillingCycle,
): string | null {
  const subscription = current?.subscription ?? null;
  if (subscription === null || !isPaid(subscriptionStateOf(current))) return null;
  if (
    billingCycle !== undefined &&
    subscription.billingCycle !== undefined &&
    subscription.billingCycle !== billingCycle
  )
    return null;
  const plan =
    plans.find((candidate) => candidate.id === subscription.plan_id) ??
    plans.find((candidate) => candidate.name === subscription.name);
  return plan?.id ?? null;
}

/** What a plan card's button does: nothing (the current plan), a plan change, or a checkout. */
export type PlanOfferKind = 'current' | 'change' | 'checkout';

export interface PlanOffer {
  kind: PlanOfferKind;
  /** 'Formule actuelle', 'Passer à ce plan', or the card's own text ('Choisir ce plan'). */
  label: string;
}

/**
 * docs/product.md#subscription-tab: with a paid subscription running, the other plans are changes
 * ('Passer à ce plan'); otherwise (trial, trial ended, cancelled, none) each card subscribes
 * through the checkout with its own button text.
 */
export function planOfferOf(
  current: CurrentSubscription | null,
  plan: PlanIdentity & { buttonText: string },
  plans: readonly PlanIdentity[],
  billingCycle: BillingCycle,
): PlanOffer {
  if (currentPlanIdOf(current, plans, billingCycle) === plan.id)
    return { kind: 'current', label: messages.subscription.currentPlan };
  if (isPaid(subscriptionStateOf(current)))
    return { kind: 'change', label: messages.subscription.changePlanButton };
  return { kind: 'checkout', label: plan.buttonText };
}

export interface KeepChoice {
  /** The active licences exceed the new limit: the customer names those to keep. */
  required: boolean;
  /** Exactly `limit` ticked when required (see docs/decisions.md, 'Plan change'). */
  complete: boolean;
  /** 'Choisissez {limit} licence(s) à garder.' while incomplete; null otherwise. */
  error: string | null;
}

/** Whether the plan change needs the licences to keep, and whether the ticks are enough. */
export function keepChoiceOf(state: {
  activeLicences: readonly unknown[];
  limit: number | null;
  keepIds: readonly string[];
}): KeepChoice {
  const { limit } = state;
  const required =
    limit !== null && limit !== UNLIMITED_LICENCES && state.activeLicences.length > limit;
  if (!required) return { required, complete: true, error: null };
  const complete = state.keepIds.length === limit;
  return { required, complete, error: complete ? null : messages.subscription.keepExactly(limit) };
}
