import { useSearchParams } from 'wouter';
import { useInspectedMachine } from '../../app/useInspectedMachine.ts';
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
import { useScreenMachine } from '../../app/useScreenMachine.ts';
import { buildOnboarding } from './onboardingMachine.ts';

/** Spec 2: /onboarding?session_id=... after a paid checkout. */
export default function OnboardingPage() {
  const machine = useScreenMachine('onboarding', buildOnboarding);
  const [params] = useSearchParams();
  const [snapshot, send] = useInspectedMachine(machine, {
    input: { sessionId: params.get('session_id') },
  });
  const view = selectOnboardingView(snapshot);
  const summary = selectPlanSummary(snapshot);

  const state: OnboardingViewState =
    view === 'refused'
      ? { status: 'denied' }
      : view === 'form' && summary !== null
        ? {
            status: selectIsCreatingAccount(snapshot) ? 'submitting' : 'form',
            plan: summary,
            values: selectOnboardingValues(snapshot),
            errors: selectOnboardingFieldErrors(snapshot),
            error: selectOnboardingFormError(snapshot),
          }
        : { status: 'verifying' };

  return (
    <PageMain routeName="Création du compte" narrow>
      <OnboardingView
        state={state}
        actions={{
          onChange: (field, value) => send({ type: 'onboarding.change', field, value }),
          onToggle: (field, value) => send({ type: 'onboarding.toggle', field, value }),
          onSubmit: () => send({ type: 'onboarding.submit' }),
          onBackToPricing: () => send({ type: 'onboarding.backToPricing' }),
        }}
      />
    </PageMain>
  );
}
