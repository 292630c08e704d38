import type { SnapshotFrom } from 'xstate';
import type { FieldErrors } from '../domain/validation/form.ts';
import {
  signupMissingFieldLabels,
  signupMissingFields,
  signupStepErrors,
  type SignupField,
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

/**
 * The messages to show under the current step's fields: only for fields the visitor has typed
 * in (an untouched field is listed by the tooltip instead), e.g. 'Les mots de passe ne
 * correspondent pas' under the confirmation as soon as both passwords are typed and differ.
 */
export function selectSignupFieldErrors(snapshot: Snapshot): FieldErrors<SignupField> {
  const { values } = snapshot.context;
  const errors = signupStepErrors(selectSignupStep(snapshot), values);
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => values[field as SignupField].trim() !== ''),
  );
}

export const selectCanGoNext = (snapshot: Snapshot) => snapshot.can({ type: 'signup.next' });

export const selectCanGoBack = (snapshot: Snapshot) => snapshot.can({ type: 'signup.back' });

export const selectIsSubmitting = (snapshot: Snapshot) => snapshot.matches('submitting');

/** The success panel shows until the redirect to /login. */
export const selectIsSignupSuccess = (snapshot: Snapshot) =>
  snapshot.matches('success') || snapshot.matches('done');
