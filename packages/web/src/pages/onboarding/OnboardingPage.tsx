import { useSearchParams } from 'wouter';
import {
  selectIsCreatingAccount,
  selectOnboardingFieldErrors,
  selectOnboardingFormError,
  selectOnboardingValues,
  selectOnboardingView,
  selectPlanSummary,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { OnboardingView, type OnboardingViewState } from './OnboardingView.tsx';
import '../auth-pages.css';
import './onboarding.css';
import {
  OnboardingProvider,
  useOnboardingEvents,
  useOnboardingSelector,
} from './onboardingFlow.ts';

/** docs/product.md#onboarding: /onboarding?session_id=... after a paid checkout. */
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
  const { change, toggle, submit, backToPricing } = useOnboardingEvents();

  const state: OnboardingViewState =
    view === 'refused'
      ? { status: 'denied' }
      : view === 'form' && summary !== null
        ? { status: creating ? 'submitting' : 'form', plan: summary, values, errors, error }
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
        }}
      />
    </PageMain>
  );
}
