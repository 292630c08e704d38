import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { messages } from '@portal/core';
import { Banner } from '../../ui/Banner.tsx';
import { PageMain } from '../../app/PageMain.tsx';
import { useHydrated } from './useHydrated.ts';
import { LiveHero } from './HeroSection.tsx';
import { ClaimsBanner, LandingHeader } from './LandingHeader.tsx';
import {
  FaqSection,
  FeaturesSection,
  LandingFooter,
  TestimonialsSection,
} from './LandingSections.tsx';
import { Pricing } from './Pricing.tsx';
import './landing.css';

/** docs/product.md#landing-page: /pricing scrolls to the pricing section after about 100 ms. */
export const SCROLL_TO_PRICING_DELAY_MS = 100;

function scrollToPricing() {
  document.getElementById('pricing')?.scrollIntoView({ block: 'start' });
}

/** Why the onboarding sent the visitor back here (only the catalogue's texts are shown). */
const onboardingRefusals: readonly string[] = [
  messages.onboarding.missingSession,
  messages.onboarding.invalidSession,
  messages.onboarding.verificationError,
];

export default function LandingPage() {
  const [location] = useLocation();
  const [params] = useSearchParams();
  // The prerendered page has no query: the reason shows once hydrated.
  const refusal = useHydrated() ? params.get('error') : null;
  useEffect(() => {
    if (location !== '/pricing') return;
    const timer = window.setTimeout(scrollToPricing, SCROLL_TO_PRICING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location]);

  return (
    <div className="landing">
      <ClaimsBanner />
      <LandingHeader />
      <PageMain routeName="Accueil" bare>
        <LiveHero onCallToAction={scrollToPricing} />
        <FeaturesSection />
        <Pricing
          notice={
            refusal !== null && onboardingRefusals.includes(refusal) ? (
              <Banner tone="error">{refusal}</Banner>
            ) : null
          }
        />
        <TestimonialsSection />
        <FaqSection />
      </PageMain>
      <LandingFooter />
    </div>
  );
}
