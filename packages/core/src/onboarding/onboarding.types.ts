import type { components } from '../api/schema.gen.ts';
import type { BillingCycle } from '../domain/plans.ts';
import type { FieldErrors } from '../domain/validation/form.ts';
import type { LoginField } from '../domain/validation/login.ts';
import type { OnboardingField, OnboardingFormValues } from '../domain/validation/onboarding.ts';
import type { Tokens } from '../session/tokenStore.ts';

export type SessionVerification = components['schemas']['SessionVerification'];

/** What the visitor paid for, shown above the form. */
export interface PlanSummary {
  plan: { id: string; name: string; price: number };
  billingCycle: BillingCycle;
}

/** The body of POST /api/onboarding/register/finalize. */
export interface FinalizeRequest {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company?: string;
  newsletter: boolean;
  planId: string;
  billingCycle: BillingCycle;
}

export interface FinalizeResult {
  tokens?: Tokens;
}

export interface OnboardingInput {
  /** The `session_id` query parameter, or null when the URL has none. */
  sessionId: string | null;
}

export interface OnboardingContext {
  sessionId: string | null;
  summary: PlanSummary | null;
  values: OnboardingFormValues;
  fieldErrors: FieldErrors<OnboardingField>;
  /** The alert for a failure that no field explains. */
  formError: string | null;
  /** Why access was refused. */
  refusal: string | null;
  /**
   * The existing account's credentials, as typed (the email starts as the form's), offered when
   * finalize answered 409 on the email; the login child checks and sends them.
   */
  signIn: Record<LoginField, string>;
  /** What the login child shows of them: its field errors, its refusal, its call under way. */
  login: { fieldErrors: FieldErrors<LoginField>; error: string | null; loggingIn: boolean };
  /** Attach calls answered 'not confirmed yet' in a row. */
  attachAttempts: number;
  /** Why the payment could not be attached to the signed-in account. */
  attachError: string | null;
}

export type OnboardingEvent =
  | {
      type: 'onboarding.change';
      field: 'email' | 'firstName' | 'lastName' | 'password' | 'confirmPassword' | 'company';
      value: string;
    }
  | { type: 'onboarding.toggle'; field: 'acceptTerms' | 'newsletter'; value: boolean }
  | { type: 'onboarding.submit' }
  | { type: 'onboarding.backToPricing' }
  | { type: 'onboarding.changeSignIn'; field: LoginField; value: string }
  | { type: 'onboarding.signInAndAttach' }
  /** The visitor declines the sign-in offer: back to the creation form, as typed. */
  | { type: 'onboarding.useAnotherEmail' }
  | { type: 'onboarding.retryAttach' };
