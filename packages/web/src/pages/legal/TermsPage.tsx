import { Link } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import './legal.css';

export default function TermsPage() {
  return (
    <PageMain routeName="Conditions d’utilisation">
      <article className="legal">
        <Link href="/" className="page-back">
          ← Retour à l’accueil
        </Link>
        <h1>Conditions d’utilisation</h1>
        <h2>Objet</h2>
        <p>
          Les présentes conditions encadrent l’achat et l’utilisation du thème pour boutiques en
          ligne ainsi que de l’espace client associé.
        </p>
        <h2>Abonnement et licences</h2>
        <p>
          Chaque formule donne droit à un nombre de licences : 1 boutique pour Basic, 3 pour Scale
          et 10 pour Business. Une licence associe un domaine personnalisé à une boutique.
        </p>
        <h2>Paiement</h2>
        <p>
          Le paiement est réalisé sur la page sécurisée de notre prestataire de paiement. La
          facturation est mensuelle ou annuelle selon la formule choisie.
        </p>
        <h2>Résiliation</h2>
        <p>
          L’abonnement se gère depuis la rubrique Mon abonnement de l’espace client, à tout moment.
        </p>
      </article>
    </PageMain>
  );
}
