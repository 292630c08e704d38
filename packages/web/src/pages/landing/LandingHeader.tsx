import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { brandName, landingClaims, selectIsAuthenticated } from '@portal/core';
import { useAuthSelector } from '../../app/authFlow.ts';
import { useHydrated } from './useHydrated.ts';

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

function AnchorList({ onFollow }: { onFollow?: () => void }) {
  return (
    <ul>
      {anchors.map((anchor) => (
        <li key={anchor.href}>
          <a href={anchor.href} onClick={onFollow}>
            {anchor.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The landing's header. Under 900 px the section anchors are behind a native disclosure ('Menu'),
 * which opens on the prerendered page before any script runs. A signed-in visitor is offered their
 * space instead of the login, once the page is live (the prerendered HTML is the visitor's).
 */
export function LandingHeader() {
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const live = useHydrated();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');
  useEffect(() => {
    // A section followed from the menu before the page was live (the link works without script)
    // left the menu open over it.
    if (window.location.hash !== '') menu.current?.removeAttribute('open');
  }, []);

  return (
    <header className="landing-header">
      <div className="landing-header__inner">
        <Link href="/" className="landing-brand">
          {brandName}
        </Link>
        <nav aria-label="Navigation principale" className="landing-nav">
          <div className="landing-nav__anchors">
            <AnchorList />
          </div>
          <details className="landing-nav__menu" ref={menu}>
            <summary>Menu</summary>
            <div className="landing-nav__menu-panel">
              <AnchorList onFollow={closeMenu} />
            </div>
          </details>
          <ul className="landing-nav__links">
            <li>
              <Link href="/">Accueil</Link>
            </li>
            <li>
              {live && authenticated ? (
                <Link href="/dashboard" className="landing-nav__login">
                  Mon espace
                </Link>
              ) : (
                <Link href="/login" className="landing-nav__login">
                  Connexion
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
