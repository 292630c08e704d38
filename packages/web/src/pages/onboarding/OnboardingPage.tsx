import { useSearchParams } from 'wouter';
import { messages } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { OnboardingView } from './OnboardingView.tsx';
import { ResendLinkCard } from './ResendLinkCard.tsx';
import '../auth-pages.css';
import './onboarding.css';
import { OnboardingProvider, useOnboardingView } from './onboardingFlow.ts';

/**
 * docs/product.md#onboarding: /onboarding?session_id=... after a paid checkout; without a session,
 * the form that mails the link again.
 */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  return (
    <OnboardingProvider input={{ sessionId: params.get('session_id') }}>
      <OnboardingScreen />
    </OnboardingProvider>
  );
}

/** The onboarding's view model (core's `connectOnboarding`), rendered. */
export function OnboardingScreen() {
  const view = useOnboardingView();
  return (
    <PageMain routeName={messages.onboarding.accountCreation} narrow>
      {view.screen === 'recover' ? (
        <ResendLinkCard headingLevel={1} />
      ) : (
        <>
          <OnboardingView view={view} />
          {view.screen === 'refused' ? <ResendLinkCard headingLevel={2} /> : null}
        </>
      )}
    </PageMain>
  );
}
