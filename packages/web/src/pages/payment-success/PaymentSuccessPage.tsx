import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { builtInPlans, formatCents, messages } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { useServices } from '../../app/services.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import '../auth-pages.css';
import './payment-success.css';

/** Spec 2: the plan's name; numeric ids 1-3 have fixed names, anything else 'Plan sélectionné'. */
export function paymentPlanName(plan: string | null): string {
  if (plan === null) return messages.paymentSuccess.fallbackPlanName;
  return (
    builtInPlans.find((candidate) => candidate._id === plan)?.name ??
    messages.paymentSuccess.planNamesById[plan] ??
    messages.paymentSuccess.fallbackPlanName
  );
}

type Amount = { status: 'loading' } | { status: 'known'; cents: number } | { status: 'unknown' };

export default function PaymentSuccessPage() {
  const { client } = useServices();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const yearly = params.get('billing') === 'yearly';
  const [amount, setAmount] = useState<Amount>(
    sessionId === null ? { status: 'unknown' } : { status: 'loading' },
  );

  // Spec 4: the page loads the session's details, then shows them.
  useEffect(() => {
    if (sessionId === null) return;
    const controller = new AbortController();
    client.api
      .GET('/api/stripe/checkout-sessions/{id}', {
        params: { path: { id: sessionId } },
        signal: controller.signal,
      })
      .then(({ data }) =>
        setAmount(
          data === undefined
            ? { status: 'unknown' }
            : { status: 'known', cents: data.data.amount_total },
        ),
      )
      .catch(() => {
        if (!controller.signal.aborted) setAmount({ status: 'unknown' });
      });
    return () => controller.abort();
  }, [client, sessionId]);

  return (
    <PageMain routeName="Paiement réussi" narrow>
      <Card className="auth-card">
        <h1>Paiement réussi</h1>
        <p>Merci ! Votre paiement a bien été accepté.</p>
        {amount.status === 'loading' ? (
          <Spinner label="Chargement des détails du paiement…" />
        ) : (
          <dl className="payment-summary">
            <div>
              <dt>Formule</dt>
              <dd>{paymentPlanName(params.get('plan'))}</dd>
            </div>
            <div>
              <dt>Facturation</dt>
              <dd>{yearly ? messages.paymentSuccess.yearly : messages.paymentSuccess.monthly}</dd>
            </div>
            {amount.status === 'known' ? (
              <div>
                <dt>Montant</dt>
                <dd>{formatCents(amount.cents)}</dd>
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
