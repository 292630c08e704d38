import { useEffect, useRef, type RefObject } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { useSearch } from 'wouter';
import {
  messages,
  selectBillingCycle,
  selectCanCancel,
  selectCanResume,
  selectChosenPlanId,
  selectCancelDialog,
  selectCancellationNotice,
  selectChangeDialog,
  selectCurrentSubscription,
  selectDisplayedPlans,
  selectIsOpeningPortal,
  selectIsProcessing,
  selectIsResuming,
  selectIsSubscriptionLoading,
  selectOffersPortal,
  selectPastDueWarning,
  selectPlanNotice,
  selectPlanOffer,
  selectPortalError,
  selectResumeError,
  selectStripeCustomerId,
  selectSubscriptionBadge,
  selectSubscriptionLoadError,
  selectSummaryLine,
  selectTrialLine,
  type DisplayedPlan,
} from '@portal/core';
import { useAuthSelector } from '../../../app/authFlow.ts';
import { useServices } from '../../../app/services.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { BillingCycleSwitch } from '../../../ui/BillingCycleSwitch.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { PlanCard } from '../../../ui/PlanCard.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import {
  CheckoutProvider,
  useCheckoutEvents,
  useCheckoutSelector,
} from '../../landing/landingFlows.ts';
import {
  PricingProvider,
  usePricingEvents,
  usePricingSelector,
} from '../../landing/pricingFlow.ts';
import { useNow } from '../flows/now.ts';
import {
  SubscriptionProvider,
  useSubscriptionEvents,
  useSubscriptionSelector,
} from '../flows/subscriptionFlow.ts';
import { PanelHeader } from '../parts/PanelHeader.tsx';
import { tabHref, wantsPlans } from '../tabs.ts';
import '../subscription.css';

/** Where the provider's portal sends the customer back. */
export function portalReturnUrl(): string {
  return new URL(tabHref('subscription'), window.location.origin).href;
}

/**
 * 'Mon abonnement': the current plan and its status, its management (plan change, cancel at the
 * period's end, resume, the card of a failed payment through the provider's portal) and the plan
 * grid (the landing page's cards): a change for a running paid subscription, a checkout otherwise.
 */
export function SubscriptionPanel() {
  const { checkoutInput } = useServices();
  return (
    <SubscriptionProvider input={{ returnUrl: portalReturnUrl() }}>
      <PricingProvider>
        <CheckoutProvider input={checkoutInput}>
          <SubscriptionView />
        </CheckoutProvider>
      </PricingProvider>
    </SubscriptionProvider>
  );
}

export function SubscriptionView() {
  const loading = useSubscriptionSelector(selectIsSubscriptionLoading);
  const loadError = useSubscriptionSelector(selectSubscriptionLoadError);
  const current = useSubscriptionSelector(selectCurrentSubscription);
  const changeOpen = useSubscriptionSelector((snapshot) => selectChangeDialog(snapshot) !== null);
  const cancelOpen = useSubscriptionSelector((snapshot) => selectCancelDialog(snapshot) !== null);
  const { reload } = useSubscriptionEvents();
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const dialogOpen = changeOpen || cancelOpen;
  const wasOpen = useRef(dialogOpen);

  // A dialog closed after its change replaces its trigger ('Passer à ce plan' becomes 'Formule
  // actuelle', 'Résilier' becomes 'Reprendre'): focus goes to the summary instead of the body.
  useEffect(() => {
    const closed = wasOpen.current && !dialogOpen;
    wasOpen.current = dialogOpen;
    if (!closed) return;
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) summaryHeading.current?.focus();
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [dialogOpen]);

  return (
    <>
      <PanelHeader
        title="Mon abonnement"
        description="Votre formule, vos licences et la gestion de votre abonnement."
      />
      {loadError !== null ? (
        <div className="panel-error">
          <Banner tone="error">{loadError}</Banner>
          <Button variant="secondary" onPress={reload}>
            Réessayer
          </Button>
        </div>
      ) : loading || current === null ? (
        <Spinner label="Chargement de l’abonnement…" />
      ) : (
        <SubscriptionSummary headingRef={summaryHeading} />
      )}
      <PlanGrid />
      <ChangePlanDialog isOpen={changeOpen} />
      <CancelDialog isOpen={cancelOpen} />
    </>
  );
}

function SubscriptionSummary({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const now = useNow();
  const stripeCustomerId = useAuthSelector(selectStripeCustomerId);
  const current = useSubscriptionSelector(selectCurrentSubscription);
  const badge = useSubscriptionSelector(selectSubscriptionBadge);
  const trialLine = useSubscriptionSelector((snapshot) => selectTrialLine(snapshot, now));
  const summaryLine = useSubscriptionSelector(selectSummaryLine);
  const planNotice = useSubscriptionSelector(selectPlanNotice);
  const endsOn = useSubscriptionSelector(selectCancellationNotice);
  const pastDue = useSubscriptionSelector(selectPastDueWarning);
  const canCancel = useSubscriptionSelector(selectCanCancel);
  const canResume = useSubscriptionSelector(selectCanResume);
  const resuming = useSubscriptionSelector(selectIsResuming);
  const resumeError = useSubscriptionSelector(selectResumeError);
  const portalError = useSubscriptionSelector(selectPortalError);
  const opening = useSubscriptionSelector(selectIsOpeningPortal);
  const { openPortal, cancelSubscription, resume } = useSubscriptionEvents();
  const hasPortal = useSubscriptionSelector(selectOffersPortal);
  const subscription = current?.subscription ?? null;
  const manage = () => openPortal(stripeCustomerId);

  return (
    <Card className="subscription-summary" aria-labelledby="current-plan-title">
      <div className="subscription-summary__head">
        <h3 id="current-plan-title" ref={headingRef} tabIndex={-1}>
          {subscription !== null ? subscription.name : messages.profile.noSubscription}
        </h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      {trialLine !== null ? <p className="subscription-summary__trial">{trialLine}</p> : null}
      {summaryLine !== null ? <p>{summaryLine}</p> : null}
      {endsOn !== null ? <p className="subscription-summary__ends">{endsOn}</p> : null}
      {planNotice !== null ? <p>{planNotice}</p> : null}
      {pastDue !== null ? (
        <div className="subscription-summary__alert">
          <Banner tone="warning">{pastDue}</Banner>
          <Button onPress={manage} isPending={opening}>
            {opening ? 'Redirection…' : messages.subscription.updateCard}
          </Button>
        </div>
      ) : null}
      {resumeError !== null ? <Banner tone="error">{resumeError}</Banner> : null}
      {portalError !== null ? <Banner tone="error">{portalError}</Banner> : null}
      {hasPortal ? (
        <>
          <div className="subscription-summary__actions">
            {canResume ? (
              <Button onPress={resume} isPending={resuming}>
                {resuming ? 'Reprise…' : messages.subscription.resumeButton}
              </Button>
            ) : null}
            {pastDue === null ? (
              <Button variant="secondary" onPress={manage} isPending={opening}>
                {opening ? 'Redirection…' : 'Gérer mon abonnement'}
              </Button>
            ) : null}
            {canCancel ? (
              <Button variant="ghost" onPress={cancelSubscription}>
                {messages.subscription.cancelButton}
              </Button>
            ) : null}
          </div>
          <p className="hint">
            Moyen de paiement et factures se trouvent sur le portail sécurisé de notre prestataire
            de paiement.
          </p>
        </>
      ) : null}
    </Card>
  );
}

function PlanGrid() {
  const plans = usePricingSelector(selectDisplayedPlans);
  const billingCycle = usePricingSelector(selectBillingCycle);
  const loaded = useSubscriptionSelector(
    (snapshot) => selectCurrentSubscription(snapshot) !== null,
  );
  const { setCycle } = usePricingEvents();
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = wantsPlans(useSearch());

  // 'Upgrade Plan' and 'Choisir un plan' lead here: the grid is shown and its heading focused.
  useEffect(() => {
    if (!asked || !loaded) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [asked, loaded]);

  return (
    <section className="plan-grid" aria-labelledby="plans-title">
      <div className="plan-grid__head">
        <h3 id="plans-title" ref={heading} tabIndex={-1}>
          Les formules
        </h3>
        <BillingCycleSwitch cycle={billingCycle} onChange={setCycle} />
      </div>
      <ul className="plan-grid__list">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanOfferCard plan={plan} plans={plans} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlanOfferCard({ plan, plans }: { plan: DisplayedPlan; plans: DisplayedPlan[] }) {
  const billingCycle = usePricingSelector(selectBillingCycle);
  const offer = useSubscriptionSelector(
    (snapshot) => selectPlanOffer(snapshot, plan, plans, billingCycle),
    (a, b) => a.kind === b.kind && a.label === b.label,
  );
  const loaded = useSubscriptionSelector(
    (snapshot) => selectCurrentSubscription(snapshot) !== null,
  );
  const busy = useSubscriptionSelector(selectIsOpeningPortal);
  const processing = useCheckoutSelector(selectIsProcessing);
  // The card whose checkout is being prepared says so until the browser leaves.
  const preparing = useCheckoutSelector((snapshot) => selectChosenPlanId(snapshot) === plan.id);
  const { changePlan } = useSubscriptionEvents();
  const { choosePlan } = useCheckoutEvents();
  const isCurrent = offer.kind === 'current';
  const choose = () => {
    if (offer.kind === 'change')
      changePlan({ planId: plan.id, name: plan.name, price: plan.price, billingCycle });
    else if (offer.kind === 'checkout') choosePlan(plan.id, plan.prod_id, billingCycle);
  };
  return (
    <PlanCard plan={plan} marker={isCurrent ? messages.subscription.currentPlan : undefined}>
      <Button
        block
        variant={isCurrent ? 'secondary' : 'primary'}
        // Until the subscription is known the button cannot tell a change from a checkout.
        isDisabled={!loaded || busy || (processing && !preparing) || isCurrent}
        isPending={preparing}
        onPress={choose}
        aria-describedby={`plan-${plan.id}`}
      >
        {preparing ? 'Préparation du paiement…' : offer.label}
      </Button>
    </PlanCard>
  );
}

/** 'Changer de plan': new price, proration, and the licences to keep over the new limit. */
function ChangePlanDialog({ isOpen }: { isOpen: boolean }) {
  const dialog = useSubscriptionSelector(selectChangeDialog);
  const { keepLicence, retryPreparation, confirmChange, closeDialog } = useSubscriptionEvents();
  const saving = dialog?.saving ?? false;
  const ready = dialog !== null && !dialog.loading && !dialog.failed;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) closeDialog();
      }}
      isDismissable={!saving}
      title={messages.subscription.changeTitle}
    >
      {dialog === null ? null : (
        <>
          <p className="change-dialog__plan">
            Plan <strong>{dialog.planName}</strong>
          </p>
          <p>{dialog.newPrice}</p>
          <p>{messages.subscription.changeApplies}</p>
          {dialog.loading ? <Spinner label="Chargement de vos licences…" /> : null}
          {dialog.keep !== null ? (
            <div className="change-dialog__keep">
              <p id="keep-licences-help">{dialog.keep.text}</p>
              <CheckboxGroup
                value={dialog.keep.keptIds}
                onChange={(ids) => {
                  const kept = dialog.keep?.keptIds ?? [];
                  for (const id of ids) if (!kept.includes(id)) keepLicence(id, true);
                  for (const id of kept) if (!ids.includes(id)) keepLicence(id, false);
                }}
                isReadOnly={saving}
                aria-describedby="keep-licences-help keep-licences-count"
                className="change-dialog__licences"
              >
                <Label className="change-dialog__legend">Licences à garder actives</Label>
                {dialog.keep.licences.map((licence) => (
                  <Checkbox key={licence._id} value={licence._id}>
                    {licence.custom_domain}{' '}
                    <span className="change-dialog__shop">({licence.shop_domain})</span>
                  </Checkbox>
                ))}
              </CheckboxGroup>
              <p id="keep-licences-count" className="change-dialog__count" aria-live="polite">
                {dialog.keep.count}
              </p>
            </div>
          ) : null}
          {dialog.error !== null ? <Banner tone="error">{dialog.error}</Banner> : null}
          <div className="modal-actions">
            <Button variant="secondary" onPress={closeDialog} isDisabled={saving}>
              Annuler
            </Button>
            {dialog.failed ? (
              <Button onPress={retryPreparation}>Réessayer</Button>
            ) : (
              <Button onPress={confirmChange} isPending={saving} isDisabled={!ready && !saving}>
                {saving ? 'Changement en cours…' : messages.subscription.confirmChange}
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}

/** The cancellation's confirmation: the subscription stays active until the period's end. */
function CancelDialog({ isOpen }: { isOpen: boolean }) {
  const dialog = useSubscriptionSelector(selectCancelDialog);
  const { confirmCancel, closeDialog } = useSubscriptionEvents();
  const saving = dialog?.saving ?? false;
  return (
    <Modal
      isOpen={isOpen}
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open) closeDialog();
      }}
      isDismissable={!saving}
      title="Résilier l’abonnement"
    >
      {dialog === null ? null : (
        <>
          {dialog.error !== null ? <Banner tone="error">{dialog.error}</Banner> : null}
          <p>{dialog.text}</p>
          <div className="modal-actions">
            <Button variant="secondary" onPress={closeDialog} isDisabled={saving} autoFocus>
              Garder mon abonnement
            </Button>
            <Button className="button-danger" onPress={confirmCancel} isPending={saving}>
              {saving ? 'Résiliation…' : messages.subscription.cancelButton}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
