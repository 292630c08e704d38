import { PageMain } from '../../app/PageMain.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import '../auth-pages.css';

/** Spec 2: the payment was cancelled, nothing was charged; only the home button is shown. */
export default function PaymentCancelPage() {
  return (
    <PageMain routeName="Paiement annulé" narrow>
      <Card className="auth-card">
        <h1>Paiement annulé</h1>
        <p>Votre paiement a été annulé. Aucun montant n’a été débité.</p>
        <p>Vous pouvez revenir à l’accueil et choisir une formule quand vous le souhaitez.</p>
        <ButtonLink href="/" block>
          Retour à l’accueil
        </ButtonLink>
      </Card>
    </PageMain>
  );
}
