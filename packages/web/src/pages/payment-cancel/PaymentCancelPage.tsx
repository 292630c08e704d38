import { useSearch } from 'wouter';
import { paymentCancelActions } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import '../auth-pages.css';

/**
 * The payment was cancelled, nothing was charged. The page's actions come from core (home; retry
 * at the pricing with the cancelled plan and cycle; contact support): only the home button is shown
 * (docs/product.md, "Payment cancelled").
 */
export default function PaymentCancelPage() {
  const actions = paymentCancelActions(useSearch());
  return (
    <PageMain routeName="Paiement annulé" narrow>
      <Card className="auth-card">
        <h1>Paiement annulé</h1>
        <p>Votre paiement a été annulé. Aucun montant n’a été débité.</p>
        <p>Vous pouvez revenir à l’accueil et choisir une formule quand vous le souhaitez.</p>
        <ButtonLink href={actions.home} block>
          Retour à l’accueil
        </ButtonLink>
      </Card>
    </PageMain>
  );
}
