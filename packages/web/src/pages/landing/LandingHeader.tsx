import { Link } from 'wouter';
import { brandName, landingClaims } from '@portal/core';

const anchors = [
  { href: '#features', label: 'Fonctionnalités' },
  { href: '#pricing', label: 'Tarifs' },
  { href: '#testimonials', label: 'Témoignages' },
  { href: '#faq', label: 'FAQ' },
] as const;

/** The scrolling claims: the list is doubled so the loop has no gap; the copy is hidden from AT. */
export function ClaimsBanner() {
  return (
    <aside className="landing-claims" aria-label="Nos engagements">
      <ul className="landing-claims__track">
        {landingClaims.banner.map((claim) => (
          <li key={claim}>{claim}</li>
        ))}
        {landingClaims.banner.map((claim) => (
          <li key={`copy-${claim}`} aria-hidden="true">
            {claim}
          </li>
        ))}
      </ul>
    </aside>
  );
}

export function LandingHeader() {
  return (
    <header className="landing-header">
      <div className="landing-header__inner">
        <Link href="/" className="landing-brand">
          {brandName}
        </Link>
        <nav aria-label="Navigation principale" className="landing-nav">
          <ul className="landing-nav__anchors">
            {anchors.map((anchor) => (
              <li key={anchor.href}>
                <a href={anchor.href}>{anchor.label}</a>
              </li>
            ))}
          </ul>
          <ul className="landing-nav__links">
            <li>
              <Link href="/">Accueil</Link>
            </li>
            <li>
              <Link href="/login" className="landing-nav__login">
                Connexion
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
