import { Link } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import './legal.css';

export default function PrivacyPage() {
  return (
    <PageMain routeName="Politique de confidentialité">
      <article className="legal">
        <Link href="/" className="page-back">
          ← Retour à l’accueil
        </Link>
        <h1>Politique de confidentialité</h1>
        <h2>Données collectées</h2>
        <p>
          Nous conservons les informations de votre compte (nom, prénom, email, téléphone,
          entreprise, domaine de boutique) et vos licences. Les données de carte sont traitées
          uniquement par notre prestataire de paiement.
        </p>
        <h2>Utilisation</h2>
        <p>
          Ces données servent à gérer votre abonnement, vos licences et le téléchargement du thème.
          La lettre d’information n’est envoyée qu’avec votre accord.
        </p>
        <h2>Vos droits</h2>
        <p>
          Vous pouvez consulter et modifier vos informations depuis votre profil, ou nous écrire
          pour toute demande d’accès, de rectification ou de suppression.
        </p>
      </article>
    </PageMain>
  );
}
