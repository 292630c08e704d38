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
import { useServices } from '../../app/services.tsx';
import { OnboardingView, type OnboardingViewState } from './OnboardingView.tsx';
import '../auth-pages.css';
import './onboarding.css';

/** Spec 2: /onboarding?session_id=... after a paid checkout. */
export default function OnboardingPage() {
  const { machines } = useServices();
  const [params] = useSearchParams();
  const [snapshot, send] = useInspectedMachine(machines.onboarding, {
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
