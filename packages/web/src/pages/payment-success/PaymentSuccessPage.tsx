import { useSearchParams } from 'wouter';
import { useInspectedMachine } from '../../app/useInspectedMachine.ts';
import { PageMain } from '../../app/PageMain.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import '../auth-pages.css';
import './payment-success.css';
import { useScreenMachine } from '../../app/useScreenMachine.ts';
import { buildPaymentSuccess } from './paymentSuccessMachine.ts';

/** Spec 4: the provider's return page; core's payment-success machine loads and names it all. */
export default function PaymentSuccessPage() {
  const machine = useScreenMachine('paymentSuccess', buildPaymentSuccess);
  const [params] = useSearchParams();
  const [snapshot] = useInspectedMachine(machine, {
    input: {
      sessionId: params.get('session_id'),
      planId: params.get('plan'),
      billing: params.get('billing'),
    },
  });
  const { planName, billingLabel, amount } = snapshot.context;

  return (
    <PageMain routeName="Paiement réussi" narrow>
      <Card className="auth-card">
        <h1>Paiement réussi</h1>
        <p>Merci ! Votre paiement a bien été accepté.</p>
        {snapshot.matches('loading') ? (
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
