import { useSearchParams } from 'wouter';
import { shallowEqual } from '@xstate/react';
import {
  selectIsCreatingAccount,
  selectIsSigningInToAttach,
  selectOnboardingAttachError,
  selectOnboardingFieldErrors,
  selectOnboardingFormError,
  selectOnboardingValues,
  selectOnboardingView,
  selectPlanSummary,
  selectSignInOffer,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { OnboardingView, type OnboardingViewState } from './OnboardingView.tsx';
import { ResendLinkCard } from './ResendLinkCard.tsx';
import '../auth-pages.css';
import './onboarding.css';
import {
  OnboardingProvider,
  useOnboardingEvents,
  useOnboardingSelector,
} from './onboardingFlow.ts';

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

/** The onboarding flow's state, shown by the presentational `OnboardingView`. */
export function OnboardingScreen() {
  const view = useOnboardingSelector(selectOnboardingView);
  const summary = useOnboardingSelector(selectPlanSummary);
  const creating = useOnboardingSelector(selectIsCreatingAccount);
  const values = useOnboardingSelector(selectOnboardingValues);
  const errors = useOnboardingSelector(selectOnboardingFieldErrors);
  const error = useOnboardingSelector(selectOnboardingFormError);
  const offer = useOnboardingSelector(selectSignInOffer, shallowEqual);
  const signingIn = useOnboardingSelector(selectIsSigningInToAttach);
  const attachError = useOnboardingSelector(selectOnboardingAttachError);
  const {
    change,
    toggle,
    submit,
    backToPricing,
    changeSignIn,
    signInAndAttach,
    retryAttach,
    useAnotherEmail,
  } = useOnboardingEvents();

  if (view === 'recover') {
    return (
      <PageMain routeName="Création du compte" narrow>
        <ResendLinkCard headingLevel={1} />
      </PageMain>
    );
  }

  const signIn = offer === null ? null : { ...offer, pending: signingIn, attachError };
  const state: OnboardingViewState =
    view === 'refused'
      ? { status: 'denied' }
      : view === 'form' && summary !== null
        ? {
            status: creating ? 'submitting' : 'form',
            plan: summary,
            values,
            errors,
            error,
            signIn,
          }
        : { status: 'verifying' };

  return (
    <PageMain routeName="Création du compte" narrow>
      <OnboardingView
        state={state}
        actions={{
          onChange: change,
          onToggle: toggle,
          onSubmit: submit,
          onBackToPricing: backToPricing,
          onChangeSignIn: changeSignIn,
          onSignInAndAttach: signInAndAttach,
          onRetryAttach: retryAttach,
          onUseAnotherEmail: useAnotherEmail,
        }}
      />
      {view === 'refused' ? <ResendLinkCard headingLevel={2} /> : null}
    </PageMain>
  );
}
