import type { SnapshotFrom } from 'xstate';
import {
  signupMissingFieldLabels,
  signupMissingFields,
  type SignupStep,
} from '../domain/validation/signup.ts';
import type { signupMachine } from './signup.machine.ts';

type Snapshot = SnapshotFrom<typeof signupMachine>;

/** The step the indicator shows (submitting and success stay on step 3). */
export function selectSignupStep(snapshot: Snapshot): SignupStep {
  if (snapshot.matches({ editing: 'step1' })) return 1;
  if (snapshot.matches({ editing: 'step2' })) return 2;
  return 3;
}

export const selectSignupValues = (snapshot: Snapshot) => snapshot.context.values;

export const selectSignupError = (snapshot: Snapshot) => snapshot.context.error;

/** Fields blocking 'Suivant' on the current step, for the tooltip. */
export const selectMissingFields = (snapshot: Snapshot) =>
  signupMissingFields(selectSignupStep(snapshot), snapshot.context.values);

export const selectMissingFieldLabels = (snapshot: Snapshot) =>
  signupMissingFieldLabels(selectSignupStep(snapshot), snapshot.context.values);

export const selectCanGoNext = (snapshot: Snapshot) => snapshot.can({ type: 'signup.next' });

export const selectCanGoBack = (snapshot: Snapshot) => snapshot.can({ type: 'signup.back' });

export const selectIsSubmitting = (snapshot: Snapshot) => snapshot.matches('submitting');

/** The success panel shows until the redirect to /login. */
export const selectIsSignupSuccess = (snapshot: Snapshot) =>
  snapshot.matches('success') || snapshot.matches('done');
