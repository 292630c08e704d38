import { ButtonLink } from '../../../../ui/ButtonLink.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { PanelHeader } from '../../parts/PanelHeader.tsx';

/** The partner's affiliate address; the discount is applied on its side. */
export const trendTrackAffiliateUrl = 'https://www.trendtrack.io/?via=theme-portal';

/** 'TrendTrack': the 10 % partner offer, opened in a new tab. */
export function TrendTrackPanel() {
  return (
    <>
      <PanelHeader
        title="TrendTrack"
        description="L’outil pour suivre les boutiques et les produits qui marchent."
      />
      <Card className="promo-card">
        <p className="promo-card__offer">
          <strong>10 % de réduction</strong> sur TrendTrack, réservé aux abonnés du thème.
        </p>
        <ul className="promo-card__points">
          <li>Repérez les produits gagnants et les boutiques qui montent.</li>
          <li>Analysez les publicités de vos concurrents.</li>
          <li>La réduction s’applique automatiquement avec notre lien partenaire.</li>
        </ul>
        <ButtonLink href={trendTrackAffiliateUrl} target="_blank" rel="noopener noreferrer">
          Profiter de la réduction
          <span className="visually-hidden"> (nouvel onglet)</span>
        </ButtonLink>
      </Card>
    </>
  );
}
