import { shallowEqual } from '@xstate/react';
import { useSearchParams } from 'wouter';
import { selectIsLoadingPayment, selectPaymentSummary } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import '../auth-pages.css';
import './payment-success.css';
import { PaymentSuccessProvider, usePaymentSuccessSelector } from './paymentSuccessFlow.ts';

/**
 * docs/product.md#payment-success: the provider's return page; core's payment-success machine loads
 * and names it all.
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
  const { planName, billingLabel, amount } = usePaymentSuccessSelector(
    selectPaymentSummary,
    shallowEqual,
  );

  return (
    <PageMain routeName="Paiement réussi" narrow>
      <Card className="auth-card">
        <h1>Paiement réussi</h1>
        <p>Merci ! Votre paiement a bien été accepté.</p>
        {loading ? (
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
