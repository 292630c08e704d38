import { Link } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import './legal.css';

export default function ContactPage() {
  return (
    <PageMain routeName="Contact">
      <article className="legal">
        <Link href="/" className="page-back">
          ← Retour à l’accueil
        </Link>
        <h1>Contacter le support</h1>
        <p>
          Une question sur votre paiement, votre abonnement ou l’installation du thème ?
          Écrivez-nous à <a href="mailto:support@theme-portal.test">support@theme-portal.test</a> :
          nous répondons sous un jour ouvré.
        </p>
        <p>
          Précisez l’email de votre compte et, pour un paiement, la formule choisie : nous
          retrouverons votre dossier plus vite.
        </p>
      </article>
    </PageMain>
  );
}
