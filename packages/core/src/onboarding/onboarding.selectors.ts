import type { SnapshotFrom } from 'xstate';
import type { onboardingMachine } from './onboarding.machine.ts';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

export type OnboardingView = 'verifying' | 'form' | 'refused' | 'recover' | 'leaving';

/**
 * Which screen shows: spinner, form with the plan summary, 'Accès refusé', the resend form (no
 * session in the address), or nothing (leaving).
 */
export function selectOnboardingView(snapshot: Snapshot): OnboardingView {
  if (snapshot.matches('granted')) return 'form';
  if (snapshot.matches('refused')) return 'refused';
  if (snapshot.matches('recovering')) return 'recover';
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

/** The existing account's offer shows: signing in, then attaching the payment there. */
const offersSignIn = (snapshot: Snapshot) =>
  snapshot.matches({ granted: { editing: 'existingAccount' } }) ||
  snapshot.matches({ granted: 'attaching' }) ||
  snapshot.matches({ granted: 'waitingToAttach' }) ||
  snapshot.matches({ granted: 'attachFailed' });

/**
 * The offer to sign in to the existing account and attach the payment there (after finalize said
 * 'Cet email est déjà utilisé'), or null: what was typed, and the login child's field errors and
 * refusal.
 */
export function selectSignInOffer(snapshot: Snapshot) {
  if (!offersSignIn(snapshot)) return null;
  const { signIn, login } = snapshot.context;
  return { values: signIn, fieldErrors: login.fieldErrors, error: login.error };
}

/** 'Se connecter et rattacher' is under way: the login, then the attach (retries included). */
export const selectIsSigningInToAttach = (snapshot: Snapshot) =>
  (snapshot.matches({ granted: { editing: 'existingAccount' } }) &&
    snapshot.context.login.loggingIn) ||
  snapshot.matches({ granted: 'attaching' }) ||
  snapshot.matches({ granted: 'waitingToAttach' });

/** Why the payment could not be attached once signed in (with 'Réessayer'), or null. */
export const selectOnboardingAttachError = (snapshot: Snapshot) =>
  snapshot.matches({ granted: 'attachFailed' }) ? snapshot.context.attachError : null;
