import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { messages } from '@portal/core';
import { Banner } from '../../ui/Banner.tsx';
import { replayEarlyClicks } from '../../app/earlyClicks.ts';
import { PageMain } from '../../app/PageMain.tsx';
import { HeroSection } from './HeroSection.tsx';
import { ClaimsBanner, LandingHeader } from './LandingHeader.tsx';
import {
  FaqSection,
  FeaturesSection,
  LandingFooter,
  TestimonialsSection,
} from './LandingSections.tsx';
import { CheckoutOverlay, PricingSection } from './PricingSection.tsx';
import { useHero } from './useHero.ts';
import { usePricing } from './usePricing.ts';
import './landing.css';

/** Spec 2: /pricing scrolls to the pricing section after about 100 ms. */
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
  const refusal = params.get('error');
  const hero = useHero();
  const pricing = usePricing();

  // The prerendered page is now live: the clicks its buttons got before are played again.
  useEffect(replayEarlyClicks, []);

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
        <HeroSection view={hero} onCallToAction={scrollToPricing} />
        <FeaturesSection />
        <PricingSection
          view={pricing.view}
          actions={pricing.actions}
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
      {pricing.processing ? <CheckoutOverlay /> : null}
    </div>
  );
}
