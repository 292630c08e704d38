import { shallowEqual } from '@xstate/react';
import { useSearchParams } from 'wouter';
import {
  messages,
  selectActivationError,
  selectIsActivating,
  selectIsLoadingPayment,
  selectPaymentSummary,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import '../auth-pages.css';
import './payment-success.css';
import {
  PaymentSuccessProvider,
  usePaymentSuccessEvents,
  usePaymentSuccessSelector,
} from './paymentSuccessFlow.ts';

/**
 * docs/product.md#payment-success: the provider's return page; core's payment-success machine loads
 * and names it all, and attaches a signed-in customer's payment to the account.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const input = {
    sessionId: params.get('session_id'),
    planId: params.get('plan'),
    billing: params.get('billing'),
  };
  return (
    <PaymentSuccessProvider input={input}>
      <PaymentSuccessView />
    </PaymentSuccessProvider>
  );
}

export function PaymentSuccessView() {
  const loading = usePaymentSuccessSelector(selectIsLoadingPayment);
  const activating = usePaymentSuccessSelector(selectIsActivating);
  const activationError = usePaymentSuccessSelector(selectActivationError);
  const { planName, billingLabel, amount } = usePaymentSuccessSelector(
    selectPaymentSummary,
    shallowEqual,
  );
  const { retryAttach } = usePaymentSuccessEvents();

  return (
    <PageMain routeName="Paiement réussi" narrow>
      <Card className="auth-card">
        <h1>Paiement réussi</h1>
        <p>Merci ! Votre paiement a bien été accepté.</p>
        {activationError !== null ? (
          <div className="payment-activation-error">
            <Banner tone="error">{activationError}</Banner>
            <Button variant="secondary" onPress={retryAttach}>
              Réessayer
            </Button>
          </div>
        ) : null}
        {activating ? (
          <Spinner label={messages.purchase.activating} />
        ) : loading ? (
          <Spinner label="Chargement des détails du paiement…" />
        ) : (
          <dl className="payment-summary">
            <div>
              <dt>Formule</dt>
              <dd>{planName}</dd>
            </div>
            <div>
              <dt>Facturation</dt>
              <dd>{billingLabel}</dd>
            </div>
            {amount !== null ? (
              <div>
                <dt>Montant</dt>
                <dd>{amount}</dd>
              </div>
            ) : null}
          </dl>
        )}
        <h2 className="payment-next__title">Prochaines étapes</h2>
        <ol className="payment-next">
          <li>Accédez à votre tableau de bord.</li>
          <li>Ajoutez une licence pour le domaine de votre boutique.</li>
          <li>Téléchargez le thème et installez-le sur votre boutique.</li>
        </ol>
        <div className="auth-actions">
          <ButtonLink href="/dashboard">Accéder au tableau de bord</ButtonLink>
          <ButtonLink href="/" variant="secondary">
            Retour à l’accueil
          </ButtonLink>
        </div>
      </Card>
    </PageMain>
  );
}
