import { useEffect, useRef, type RefObject } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { useSearch } from 'wouter';
import { messages, type SubscriptionView as View } from '@portal/core';
import { useServices } from '../../../../app/services.tsx';
import { Badge } from '../../../../ui/Badge.tsx';
import { Banner } from '../../../../ui/Banner.tsx';
import { BillingCycleSwitch } from '../../../../ui/BillingCycleSwitch.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Modal } from '../../../../ui/Modal.tsx';
import { PlanCard } from '../../../../ui/PlanCard.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { PanelError } from '../../parts/PanelError.tsx';
import { PanelHeader } from '../../parts/PanelHeader.tsx';
import { useFocusAfterClose } from '../../parts/useFocusAfterClose.ts';
import { tabHref, wantsPlans } from '../../tabs.ts';
import { SubscriptionProvider, useSubscriptionView } from './subscriptionFlow.ts';
import './subscription.css';

/** Where the provider's portal sends the customer back. */
export function portalReturnUrl(): string {
  return new URL(tabHref('subscription'), window.location.origin).href;
}

/**
 * 'Mon abonnement': the current plan and its status, its management (plan change, cancel at the
 * period's end, resume, the card of a failed payment through the provider's portal) and the plan
 * grid (the landing page's cards): a change for a running paid subscription, a checkout otherwise.
 * One flow: the subscription machine and its children, the plans and the checkout.
 */
export function SubscriptionPanel() {
  const { checkoutInput } = useServices();
  return (
    <SubscriptionProvider input={{ returnUrl: portalReturnUrl(), checkout: checkoutInput }}>
      <SubscriptionView />
    </SubscriptionProvider>
  );
}

/** The tab's one view model: its parts below read it from their props. */
type TabView = ReturnType<typeof useSubscriptionView>;

export function SubscriptionView() {
  const view = useSubscriptionView();
  const { loadError, summary, changeDialog, cancelDialog } = view;
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  // A dialog closed after its change replaces its trigger ('Passer à ce plan' becomes 'Formule
  // actuelle', 'Résilier' becomes 'Reprendre'): focus goes to the summary instead of the body.
  useFocusAfterClose(changeDialog !== null || cancelDialog !== null, summaryHeading);

  return (
    <>
      <PanelHeader
        title="Mon abonnement"
        description="Votre formule, vos licences et la gestion de votre abonnement."
      />
      {loadError !== null ? (
        <PanelError message={loadError} onRetry={view.reload} />
      ) : summary === null ? (
        <Spinner label="Chargement de l’abonnement…" />
      ) : (
        <SubscriptionSummary summary={summary} view={view} headingRef={summaryHeading} />
      )}
      <PlanGrid view={view} />
      <ChangePlanDialog dialog={changeDialog} view={view} />
      <CancelDialog dialog={cancelDialog} view={view} />
    </>
  );
}

function SubscriptionSummary({
  summary,
  view: { openPortal, cancelSubscription, resume },
  headingRef,
}: {
  summary: NonNullable<View['summary']>;
  view: TabView;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { actions, pastDue } = summary;
  return (
    <Card className="subscription-summary" aria-labelledby="current-plan-title">
      <div className="subscription-summary__head">
        <h3 id="current-plan-title" ref={headingRef} tabIndex={-1}>
          {summary.title}
        </h3>
        <Badge tone={summary.badge.tone}>{summary.badge.label}</Badge>
      </div>
      {summary.trialLine !== null ? (
        <p className="subscription-summary__trial">{summary.trialLine}</p>
      ) : null}
      {summary.figures !== null ? <p>{summary.figures}</p> : null}
      {summary.endsOn !== null ? (
        <p className="subscription-summary__ends">{summary.endsOn}</p>
      ) : null}
      {summary.planNotice !== null ? <p>{summary.planNotice}</p> : null}
      {pastDue !== null ? (
        <div className="subscription-summary__alert">
          <Banner tone="warning">{pastDue.warning}</Banner>
          <Button onPress={openPortal} isPending={pastDue.updateCard.pending}>
            {pastDue.updateCard.label}
          </Button>
        </div>
      ) : null}
      {summary.errors.map((error) => (
        <Banner key={error} tone="error">
          {error}
        </Banner>
      ))}
      {actions !== null ? (
        <>
          <div className="subscription-summary__actions">
            {actions.resume !== null ? (
              <Button onPress={resume} isPending={actions.resume.pending}>
                {actions.resume.label}
              </Button>
            ) : null}
            {actions.manage !== null ? (
              <Button variant="secondary" onPress={openPortal} isPending={actions.manage.pending}>
                {actions.manage.label}
              </Button>
            ) : null}
            {actions.cancel !== null ? (
              <Button variant="ghost" onPress={cancelSubscription}>
                {actions.cancel.label}
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

function PlanGrid({ view: { grid, setCycle, choosePlan } }: { view: TabView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = wantsPlans(useSearch());

  // 'Upgrade Plan' and 'Choisir un plan' lead here: the grid is shown and its heading focused.
  useEffect(() => {
    if (!asked || !grid.ready) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [asked, grid.ready]);

  return (
    <section className="plan-grid" aria-labelledby="plans-title">
      <div className="plan-grid__head">
        <h3 id="plans-title" ref={heading} tabIndex={-1}>
          Les formules
        </h3>
        <BillingCycleSwitch cycle={grid.billingCycle} onChange={setCycle} />
      </div>
      <ul className="plan-grid__list">
        {grid.cards.map(({ plan, marker, button, choice }) => (
          <li key={plan.id}>
            <PlanCard plan={plan} marker={marker ?? undefined}>
              <Button
                block
                variant={button.variant}
                isDisabled={button.disabled}
                isPending={button.pending}
                onPress={() => choosePlan(choice)}
                aria-describedby={`plan-${plan.id}`}
              >
                {button.label}
              </Button>
            </PlanCard>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Changer de plan': new price, proration, and the licences to keep over the new limit. */
function ChangePlanDialog({
  dialog,
  view: { keepLicences, retryPreparation, confirmChange, closeDialog },
}: {
  dialog: View['changeDialog'];
  view: TabView;
}) {
  const saving = dialog?.saving ?? false;
  return (
    <Modal
      isOpen={dialog !== null}
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
                onChange={keepLicences}
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
              <Button
                onPress={confirmChange}
                isPending={dialog.confirm.pending}
                isDisabled={dialog.confirm.disabled}
              >
                {dialog.confirm.label}
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}

/** The cancellation's confirmation: the subscription stays active until the period's end. */
function CancelDialog({
  dialog,
  view: { confirmCancel, closeDialog },
}: {
  dialog: View['cancelDialog'];
  view: TabView;
}) {
  const saving = dialog?.saving ?? false;
  return (
    <Modal
      isOpen={dialog !== null}
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
            <Button
              className="button-danger"
              onPress={confirmCancel}
              isPending={dialog.confirm.pending}
            >
              {dialog.confirm.label}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
