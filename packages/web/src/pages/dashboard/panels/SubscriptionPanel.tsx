import {
  formatEuros,
  messages,
  selectBillingCycle,
  selectCurrentPlanId,
  selectCurrentSubscription,
  selectDisplayedPlans,
  selectIsOpeningPortal,
  selectIsSubscriptionLoading,
  selectPortalError,
  selectStripeCustomerId,
  selectSubscriptionBadge,
  selectSubscriptionLoadError,
} from '@portal/core';
import { useAuthSelector } from '../../../app/authFlow.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { PlanCard } from '../../../ui/PlanCard.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { BillingCycleSwitch } from '../../../ui/BillingCycleSwitch.tsx';
import {
  PricingProvider,
  usePricingEvents,
  usePricingSelector,
} from '../../landing/pricingFlow.ts';
import {
  SubscriptionProvider,
  useSubscriptionEvents,
  useSubscriptionSelector,
} from '../flows/subscriptionFlow.ts';
import { PanelHeader } from '../parts/PanelHeader.tsx';
import { tabHref } from '../tabs.ts';

/** Where the provider's portal sends the customer back. */
export function portalReturnUrl(): string {
  return new URL(tabHref('subscription'), window.location.origin).href;
}

/**
 * 'Mon abonnement': the current plan, the plan grid (the landing page's cards) and the way to the
 * provider's customer portal, where the plan is changed or cancelled.
 */
export function SubscriptionPanel() {
  return (
    <SubscriptionProvider input={{ returnUrl: portalReturnUrl() }}>
      <PricingProvider>
        <SubscriptionView />
      </PricingProvider>
    </SubscriptionProvider>
  );
}

function SubscriptionView() {
  const stripeCustomerId = useAuthSelector(selectStripeCustomerId);
  const current = useSubscriptionSelector(selectCurrentSubscription);
  const badge = useSubscriptionSelector(selectSubscriptionBadge);
  const loading = useSubscriptionSelector(selectIsSubscriptionLoading);
  const loadError = useSubscriptionSelector(selectSubscriptionLoadError);
  const portalError = useSubscriptionSelector(selectPortalError);
  const opening = useSubscriptionSelector(selectIsOpeningPortal);
  const plans = usePricingSelector(selectDisplayedPlans);
  const billingCycle = usePricingSelector(selectBillingCycle);
  const currentPlanId = useSubscriptionSelector((snapshot) => selectCurrentPlanId(snapshot, plans));
  const { reload, openPortal } = useSubscriptionEvents();
  const { setCycle } = usePricingEvents();
  const manage = () => openPortal(stripeCustomerId);

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
        <Card className="subscription-summary" aria-labelledby="current-plan-title">
          <div className="subscription-summary__head">
            <h3 id="current-plan-title">
              {current.subscription !== null
                ? current.subscription.name
                : messages.profile.noSubscription}
            </h3>
            <Badge tone={badge.active ? 'success' : 'accent'}>{badge.label}</Badge>
          </div>
          {current.subscription !== null ? (
            <p>
              {formatEuros(current.subscription.price)}
              {current.subscription.billingCycle === 'yearly' ? ' par an' : ' par mois'} ·{' '}
              {current.usage.licensesUsed} licence(s) utilisée(s) sur {current.usage.licensesLimit}
            </p>
          ) : (
            <p>
              Vous n’avez pas d’abonnement actif. Choisissez une formule ci-dessous pour créer vos
              licences et télécharger le thème.
            </p>
          )}
          {portalError !== null ? <Banner tone="error">{portalError}</Banner> : null}
          <Button onPress={manage} isPending={opening}>
            {opening ? 'Redirection…' : 'Gérer mon abonnement'}
          </Button>
          <p className="hint">
            Changement de formule, moyen de paiement, factures et résiliation se font sur le portail
            sécurisé de notre prestataire de paiement.
          </p>
        </Card>
      )}

      <section className="plan-grid" aria-labelledby="plans-title">
        <div className="plan-grid__head">
          <h3 id="plans-title">Les formules</h3>
          <BillingCycleSwitch cycle={billingCycle} onChange={setCycle} />
        </div>
        <ul className="plan-grid__list">
          {plans.map((plan) => {
            const isCurrent = plan.id === currentPlanId;
            return (
              <li key={plan.id}>
                <PlanCard plan={plan} marker={isCurrent ? 'Formule actuelle' : undefined}>
                  <Button
                    block
                    variant={isCurrent ? 'secondary' : 'primary'}
                    isDisabled={opening || isCurrent}
                    onPress={manage}
                    aria-describedby={`plan-${plan.id}`}
                  >
                    {isCurrent ? 'Formule actuelle' : plan.buttonText}
                  </Button>
                </PlanCard>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
