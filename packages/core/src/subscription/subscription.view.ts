import { selectChosenPlanId, selectIsProcessing } from '../checkout/checkout.selectors.ts';
import { messages } from '../domain/messages.ts';
import {
  builtInPlans,
  toDisplayedPlan,
  type BillingCycle,
  type DisplayedPlan,
} from '../domain/plans.ts';
import { selectBillingCycle, selectDisplayedPlans } from '../pricing/pricing.selectors.ts';
import { subscriptionSummaryOf, type SubscriptionStatusBadge } from './subscription.rules.ts';
import {
  selectCanCancel,
  selectCanResume,
  selectCancelDialog,
  selectCancellationNotice,
  selectChangeDialog,
  selectCurrentSubscription,
  selectIsOpeningPortal,
  selectIsResuming,
  selectIsSubscriptionLoading,
  selectOffersPortal,
  selectPastDueWarning,
  selectPlanNotice,
  selectPlanOffer,
  selectPortalError,
  selectResumeError,
  selectSubscriptionLoadError,
  type CancelDialog,
  type ChangeDialog,
  type SubscriptionSnapshot,
} from './subscription.selectors.ts';
import type { PlanChoice, SubscriptionEvent } from './subscription.types.ts';
import { actionButton, type ActionButton } from '../view-kit.ts';

/** The current subscription's card of 'Mon abonnement' (docs/product.md#subscription-tab). */
export interface SubscriptionSummaryView {
  /** The plan's name, or 'Aucun abonnement'. */
  title: string;
  badge: Pick<SubscriptionStatusBadge, 'label' | 'tone'>;
  /** 'Essai gratuit : {n} jours restants' during a trial. */
  trialLine: string | null;
  /** '39,99 € par mois · 2 licences utilisées sur 3'; the licences alone during a trial. */
  figures: string | null;
  /** 'Se termine le {date}' once cancelled at the period's end. */
  endsOn: string | null;
  /** What to do with the plan grid below (trial, ended, none). */
  planNotice: string | null;
  /** The failed payment's warning and 'Mettre à jour ma carte' (the provider's portal). */
  pastDue: { warning: string; updateCard: ActionButton } | null;
  /** Why resuming or opening the portal failed, in that order. */
  errors: string[];
  /** The management row, for a paid subscription (running or ended); null otherwise. */
  actions: {
    resume: ActionButton | null;
    /** 'Gérer mon abonnement'; none while past due ('Mettre à jour ma carte' stands for it). */
    manage: ActionButton | null;
    cancel: ActionButton | null;
  } | null;
}

/** A card of the plan grid and its one button. */
export interface PlanCardView {
  plan: DisplayedPlan;
  /** 'Formule actuelle' on the current plan's card. */
  marker: string | null;
  button: ActionButton & { variant: 'primary' | 'secondary'; disabled: boolean };
  /** What pressing the button sends (`choosePlan`). */
  choice: PlanChoice;
}

export interface SubscriptionView {
  loading: boolean;
  loadError: string | null;
  /** Null until the subscription is known (or when it could not be loaded). */
  summary: SubscriptionSummaryView | null;
  grid: {
    billingCycle: BillingCycle;
    cards: PlanCardView[];
    /** The subscription is known: the buttons can tell a change from a checkout. */
    ready: boolean;
  };
  changeDialog: (ChangeDialog & { confirm: ActionButton & { disabled: boolean } }) | null;
  cancelDialog: (CancelDialog & { confirm: ActionButton }) | null;
}

function summaryOf(snapshot: SubscriptionSnapshot, now: number): SubscriptionSummaryView | null {
  const current = selectCurrentSubscription(snapshot);
  if (current === null || selectIsSubscriptionLoading(snapshot)) return null;
  const { planName, badge, trialLine, figures } = subscriptionSummaryOf(current, now);
  const opening = selectIsOpeningPortal(snapshot);
  const warning = selectPastDueWarning(snapshot);
  const { redirecting } = messages.subscription;
  return {
    title: planName ?? messages.profile.noSubscription,
    badge: { label: badge.label, tone: badge.tone },
    trialLine,
    figures,
    endsOn: selectCancellationNotice(snapshot),
    planNotice: selectPlanNotice(snapshot),
    pastDue:
      warning === null
        ? null
        : {
            warning,
            updateCard: actionButton(messages.subscription.updateCard, redirecting, opening),
          },
    errors: [selectResumeError(snapshot), selectPortalError(snapshot)].filter(
      (error) => error !== null,
    ),
    actions: selectOffersPortal(snapshot)
      ? {
          resume: selectCanResume(snapshot)
            ? actionButton(
                messages.subscription.resumeButton,
                messages.subscription.resuming,
                selectIsResuming(snapshot),
              )
            : null,
          manage:
            warning === null
              ? actionButton(messages.subscription.manage, redirecting, opening)
              : null,
          cancel: selectCanCancel(snapshot)
            ? { label: messages.subscription.cancelButton, pending: false }
            : null,
        }
      : null,
  };
}

/**
 * The plan grid: the pricing child's cards for its billing cycle, each button from the
 * subscription (current plan, change or checkout) and the checkout child (the card being paid
 * for says so; the others wait, as they do while the portal opens).
 */
function gridOf(snapshot: SubscriptionSnapshot): SubscriptionView['grid'] {
  const pricing = snapshot.children.pricing?.getSnapshot();
  const checkout = snapshot.children.checkout?.getSnapshot();
  const billingCycle = pricing === undefined ? 'monthly' : selectBillingCycle(pricing);
  const plans =
    pricing === undefined
      ? builtInPlans.map((plan) => toDisplayedPlan(plan, billingCycle))
      : selectDisplayedPlans(pricing);
  const ready = selectCurrentSubscription(snapshot) !== null;
  const busy = selectIsOpeningPortal(snapshot);
  const processing = checkout !== undefined && selectIsProcessing(checkout);
  const preparingId = checkout === undefined ? null : selectChosenPlanId(checkout);
  return {
    billingCycle,
    ready,
    cards: plans.map((plan) => {
      const offer = selectPlanOffer(snapshot, plan, plans, billingCycle);
      const current = offer.kind === 'current';
      const preparing = preparingId === plan.id;
      return {
        plan,
        marker: current ? messages.subscription.currentPlan : null,
        button: {
          ...actionButton(offer.label, messages.pricing.preparingPayment, preparing),
          variant: current ? 'secondary' : 'primary',
          // Until the subscription is known a button cannot tell a change from a checkout.
          disabled: !ready || busy || (processing && !preparing) || current,
        },
        choice: {
          planId: plan.id,
          name: plan.name,
          price: plan.price,
          billingCycle,
          ...(plan.prod_id === undefined ? {} : { prodId: plan.prod_id }),
        },
      };
    }),
  };
}

/**
 * 'Mon abonnement' as the tab shows it (docs/architecture.md, "How a screen gets its machine"):
 * everything the tab renders, read from the subscription machine and its children, at `now` (the
 * services' clock: a trial's days left).
 */
export function subscriptionView(snapshot: SubscriptionSnapshot, now: number): SubscriptionView {
  const change = selectChangeDialog(snapshot);
  const cancel = selectCancelDialog(snapshot);
  const ready = change !== null && !change.loading && !change.failed;
  return {
    loading: selectIsSubscriptionLoading(snapshot),
    loadError: selectSubscriptionLoadError(snapshot),
    summary: summaryOf(snapshot, now),
    grid: gridOf(snapshot),
    changeDialog:
      change === null
        ? null
        : {
            ...change,
            confirm: {
              ...actionButton(
                messages.subscription.confirmChange,
                messages.subscription.changing,
                change.saving,
              ),
              disabled: !ready && !change.saving,
            },
          },
    cancelDialog:
      cancel === null
        ? null
        : {
            ...cancel,
            confirm: actionButton(
              messages.subscription.cancelButton,
              messages.subscription.cancelling,
              cancel.saving,
            ),
          },
  };
}

/** What the tab may send, each a named command (views never build raw events). */
export function subscriptionCommands(send: (event: SubscriptionEvent) => void) {
  return {
    reload: () => send({ type: 'subscription.reload' }),
    openPortal: () => send({ type: 'subscription.openPortal' }),
    choosePlan: (plan: PlanChoice) => send({ type: 'subscription.choosePlan', plan }),
    setCycle: (billingCycle: BillingCycle) => send({ type: 'subscription.setCycle', billingCycle }),
    keepLicences: (licenceIds: string[]) => send({ type: 'subscription.keepLicences', licenceIds }),
    retryPreparation: () => send({ type: 'subscription.retryPreparation' }),
    confirmChange: () => send({ type: 'subscription.confirmChange' }),
    cancelSubscription: () => send({ type: 'subscription.cancel' }),
    confirmCancel: () => send({ type: 'subscription.confirmCancel' }),
    resume: () => send({ type: 'subscription.resume' }),
    closeDialog: () => send({ type: 'subscription.closeDialog' }),
  };
}

export type SubscriptionCommands = ReturnType<typeof subscriptionCommands>;
