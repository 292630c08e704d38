import type { SnapshotFrom } from 'xstate';
import type { onboardingMachine } from './onboarding.machine.ts';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

export type OnboardingView = 'verifying' | 'form' | 'refused' | 'leaving';

/** Which screen shows: spinner, form with the plan summary, 'Accès refusé', or nothing (leaving). */
export function selectOnboardingView(snapshot: Snapshot): OnboardingView {
  if (snapshot.matches('granted')) return 'form';
  if (snapshot.matches('refused')) return 'refused';
  if (snapshot.status === 'done') return 'leaving';
  return 'verifying';
}

export const selectPlanSummary = (snapshot: Snapshot) => snapshot.context.summary;

export const selectOnboardingValues = (snapshot: Snapshot) => snapshot.context.values;

export const selectOnboardingFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;

/** The alert for a failure no field explains. */
export const selectOnboardingFormError = (snapshot: Snapshot) => snapshot.context.formError;

export const selectRefusal = (snapshot: Snapshot) => snapshot.context.refusal;

/** The submit button is disabled and reads 'Création en cours...' meanwhile. */
export const selectIsCreatingAccount = (snapshot: Snapshot) =>
  snapshot.matches({ granted: 'submitting' });
