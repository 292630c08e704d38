import { useSelector } from '@xstate/react';
import { useInspectedMachine } from '../../../app/useInspectedMachine.ts';
import {
  formatEuros,
  messages,
  selectBillingCycle,
  selectCurrentSubscription,
  selectDisplayedPlans,
  selectIsOpeningPortal,
  selectIsSubscriptionLoading,
  selectPortalError,
  selectSubscriptionLoadError,
  selectUser,
  type DisplayedPlan,
} from '@portal/core';
import { useServices } from '../../../app/services.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { PlanCard } from '../../../ui/PlanCard.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { useDashboardMachines } from '../dashboardMachines.tsx';
import { PanelHeader } from '../parts/PanelHeader.tsx';
import { tabHref } from '../tabs.ts';
import { useScreenMachine } from '../../../app/useScreenMachine.ts';
import { buildPricing } from '../../landing/landingMachines.ts';

/** Where the provider's portal sends the customer back. */
export function portalReturnUrl(): string {
  return new URL(tabHref('subscription'), window.location.origin).href;
}

/**
 * 'Mon abonnement': the current plan, the plan grid (the landing page's cards) and the way to the
 * provider's customer portal, where the plan is changed or cancelled.
 */
export function SubscriptionPanel() {
  const { auth } = useServices();
  const { subscription } = useDashboardMachines();
  const [snapshot, send] = useInspectedMachine(subscription, {
    input: { returnUrl: portalReturnUrl() },
  });
  const [pricing, sendPricing] = useInspectedMachine(useScreenMachine('pricing', buildPricing));
  const user = useSelector(auth, selectUser);
  const current = selectCurrentSubscription(snapshot);
  const loadError = selectSubscriptionLoadError(snapshot);
  const portalError = selectPortalError(snapshot);
  const opening = selectIsOpeningPortal(snapshot);
  const billingCycle = selectBillingCycle(pricing);
  const stripeCustomerId =
    user !== null && 'stripe_customer_id' in user ? user.stripe_customer_id : null;
  const openPortal = () => send({ type: 'subscription.openPortal', stripeCustomerId });
  const isCurrent = (plan: DisplayedPlan) =>
    current?.subscription != null &&
    (current.subscription.plan_id === plan.id || current.subscription.name === plan.name);

  return (
    <>
      <PanelHeader
        title="Mon abonnement"
        description="Votre formule, vos licences et la gestion de votre abonnement."
      />
      {loadError !== null ? (
        <div className="panel-error">
          <Banner tone="error">{loadError}</Banner>
          <Button variant="secondary" onPress={() => send({ type: 'subscription.reload' })}>
            Réessayer
          </Button>
        </div>
      ) : selectIsSubscriptionLoading(snapshot) || current === null ? (
        <Spinner label="Chargement de l’abonnement…" />
      ) : (
        <Card className="subscription-summary" aria-labelledby="current-plan-title">
          <div className="subscription-summary__head">
            <h3 id="current-plan-title">
              {current.subscription !== null
                ? current.subscription.name
                : messages.profile.noSubscription}
            </h3>
            <Badge tone={current.hasSubscription ? 'success' : 'accent'}>
              {current.hasSubscription ? messages.profile.active : messages.profile.inactive}
            </Badge>
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
          <Button onPress={openPortal} isPending={opening}>
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
          <Switch
            isSelected={billingCycle === 'yearly'}
            onChange={(yearly) =>
              sendPricing({ type: 'pricing.setCycle', billingCycle: yearly ? 'yearly' : 'monthly' })
            }
            before={<span aria-hidden="true">Mensuel</span>}
            aria-label="Facturation annuelle"
          >
            <span aria-hidden="true">Annuel</span>
          </Switch>
          <Badge tone="accent">{messages.pricing.yearlyBadge}</Badge>
        </div>
        <ul className="plan-grid__list">
          {selectDisplayedPlans(pricing).map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} marker={isCurrent(plan) ? 'Formule actuelle' : undefined}>
                <Button
                  block
                  variant={isCurrent(plan) ? 'secondary' : 'primary'}
                  isDisabled={opening || isCurrent(plan)}
                  onPress={openPortal}
                  aria-describedby={`plan-${plan.id}`}
                >
                  {isCurrent(plan) ? 'Formule actuelle' : plan.buttonText}
                </Button>
              </PlanCard>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
