import type { SnapshotFrom } from 'xstate';
import { formatDate, formatEuros } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import { isPaid, subscriptionStateOf } from '../domain/subscription-status.ts';
import type { BillingCycle } from '../domain/plans.ts';
import type { subscriptionMachine } from './subscription.machine.ts';
import {
  canCancelSubscription,
  canResumeSubscription,
  cancellationDateOf,
  currentPlanIdOf,
  keepChoiceOf,
  planOfferOf,
  type PlanIdentity,
  type PlanOffer,
} from './subscription.rules.ts';
import type { CurrentSubscription } from './subscription.types.ts';
import type { components } from '../api/schema.gen.ts';

type License = components['schemas']['License'];

export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

export const selectCurrentSubscription = (
  snapshot: SubscriptionSnapshot,
): CurrentSubscription | null => snapshot.context.current;

export const selectIsSubscriptionLoading = (snapshot: SubscriptionSnapshot): boolean =>
  snapshot.matches('loading');

export const selectSubscriptionLoadError = (snapshot: SubscriptionSnapshot): string | null =>
  snapshot.context.loadError;

/** The portal button shows its own spinner until the browser leaves. */
export const selectIsOpeningPortal = (snapshot: SubscriptionSnapshot): boolean =>
  snapshot.matches({ ready: 'openingPortal' }) || snapshot.matches({ ready: 'redirecting' });

export const selectPortalError = (snapshot: SubscriptionSnapshot): string | null =>
  snapshot.context.portalError;

/**
 * The id of the plan card marked 'Formule actuelle' among `plans` (for the grid's billing cycle
 * when given); null when none is.
 */
export const selectCurrentPlanId = (
  snapshot: SubscriptionSnapshot,
  plans: readonly PlanIdentity[],
  billingCycle?: BillingCycle,
): string | null => currentPlanIdOf(snapshot.context.current, plans, billingCycle);

/** A plan card's button: 'Formule actuelle' (disabled), 'Passer à ce plan', or its checkout. */
export const selectPlanOffer = (
  snapshot: SubscriptionSnapshot,
  plan: PlanIdentity & { buttonText: string },
  plans: readonly PlanIdentity[],
  billingCycle: BillingCycle,
): PlanOffer => planOfferOf(snapshot.context.current, plan, plans, billingCycle);

/** 'Se termine le {date}' for a subscription cancelled at its period's end; else null. */
export const selectCancellationNotice = (snapshot: SubscriptionSnapshot): string | null => {
  const date = cancellationDateOf(snapshot.context.current);
  return date === null ? null : messages.subscription.endsOn(date);
};

/** 'Résilier mon abonnement' is offered. */
export const selectCanCancel = (snapshot: SubscriptionSnapshot): boolean =>
  canCancelSubscription(snapshot.context.current);

/** 'Reprendre mon abonnement' is offered. */
export const selectCanResume = (snapshot: SubscriptionSnapshot): boolean =>
  canResumeSubscription(snapshot.context.current);

export const selectIsResuming = (snapshot: SubscriptionSnapshot): boolean =>
  snapshot.matches({ ready: 'resuming' });

export const selectResumeError = (snapshot: SubscriptionSnapshot): string | null =>
  snapshot.context.resumeError;

/** The past-due warning ('Votre dernier paiement a échoué…'); null otherwise. */
export const selectPastDueWarning = (snapshot: SubscriptionSnapshot): string | null =>
  subscriptionStateOf(snapshot.context.current) === 'past_due'
    ? messages.subscription.pastDue
    : null;

/** The provider's portal (card, invoices) is offered for a paid subscription, running or ended. */
export const selectOffersPortal = (snapshot: SubscriptionSnapshot): boolean => {
  const state = subscriptionStateOf(snapshot.context.current);
  return isPaid(state) || state === 'canceled';
};

/** What to do next with the plan grid below: during a trial, after its end, without a plan. */
export const selectPlanNotice = (snapshot: SubscriptionSnapshot): string | null => {
  switch (subscriptionStateOf(snapshot.context.current)) {
    case 'trialing':
      return messages.subscription.trialNotice;
    case 'trial_ended':
      return messages.subscriptionRules.trialEnded;
    case 'canceled':
      return messages.subscriptionRules.subscriptionEnded;
    case 'none':
      return messages.subscription.noneNotice;
    default:
      return null;
  }
};

export interface ChangeDialog {
  /** 'Changer de plan' is being prepared (the licences are loading). */
  loading: boolean;
  /** The preparation failed: the dialog offers to try again. */
  failed: boolean;
  saving: boolean;
  planName: string;
  /** 'Nouveau tarif : 19,99 € / mois'. */
  newPrice: string;
  /** The licences to keep when the active ones exceed the new limit; null when not needed. */
  keep: {
    /** 'Le plan Basic permet 1 licence. Choisissez celle à garder active ; …'. */
    text: string;
    licences: License[];
    keptIds: string[];
    /** '1 licence sélectionnée sur 1'. */
    count: string;
  } | null;
  error: string | null;
}

/** The plan change confirmation, or null when it is closed. */
export const selectChangeDialog = (snapshot: SubscriptionSnapshot): ChangeDialog | null => {
  if (!snapshot.matches({ ready: 'changing' })) return null;
  const { change, activeLicences, limit, keepIds, changeError } = snapshot.context;
  if (change === null) return null;
  const choice = keepChoiceOf(snapshot.context);
  const period =
    change.billingCycle === 'yearly' ? messages.pricing.yearPeriod : messages.pricing.monthPeriod;
  return {
    loading: snapshot.matches({ ready: { changing: 'preparing' } }),
    failed: snapshot.matches({ ready: { changing: 'unprepared' } }),
    saving: snapshot.matches({ ready: { changing: 'saving' } }),
    planName: change.name,
    newPrice: messages.subscription.newPrice(formatEuros(change.price), period),
    keep:
      choice.required && limit !== null
        ? {
            text: messages.subscription.keepLicences(change.name, limit),
            licences: activeLicences,
            keptIds: keepIds,
            count: messages.subscription.keepCount(keepIds.length, limit),
          }
        : null,
    error: changeError,
  };
};

export interface CancelDialog {
  /** "Votre abonnement restera actif jusqu'au {date}, puis sera résilié." */
  text: string;
  saving: boolean;
  error: string | null;
}

/** The cancellation confirmation, or null when it is closed. */
export const selectCancelDialog = (snapshot: SubscriptionSnapshot): CancelDialog | null => {
  if (!snapshot.matches({ ready: 'cancelling' })) return null;
  const end = snapshot.context.current?.subscription?.current_period_end;
  return {
    text: messages.subscription.cancelConfirmation(formatDate(end)),
    saving: snapshot.matches({ ready: { cancelling: 'saving' } }),
    error: snapshot.context.cancelError,
  };
};
