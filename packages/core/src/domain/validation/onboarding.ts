import { boolean, literal, object, optional, pipe, string, trim, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import { emailSchema, personNameSchema, validateForm } from './form.ts';
import { newPasswordSchema } from './new-password.ts';
import { passwordsMatch } from './password-match.ts';

/**
 * docs/product.md#purchase-onboarding-form. Names also keep the 2-50 rule of
 * docs/product.md#profile-form, since the account creation call refuses other lengths; the
 * password follows the rule of every new password (docs/product.md#new-passwords).
 */
export const onboardingFormSchema = pipe(
  object({
    firstName: personNameSchema(
      messages.validation.firstNameRequired,
      messages.validation.firstNameLength,
    ),
    lastName: personNameSchema(
      messages.validation.lastNameRequired,
      messages.validation.lastNameLength,
    ),
    email: emailSchema(),
    password: newPasswordSchema(messages.validation.passwordRequired),
    confirmPassword: string(messages.validation.passwordsMismatch),
    company: optional(pipe(string(), trim()), ''),
    acceptTerms: literal(true, messages.validation.termsRequired),
    newsletter: optional(boolean(), false),
  }),
  passwordsMatch('password', 'confirmPassword'),
);

export type OnboardingFormOutput = InferOutput<typeof onboardingFormSchema>;
export type OnboardingField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'password'
  | 'confirmPassword'
  | 'company'
  | 'acceptTerms'
  | 'newsletter';

/** What the form holds while the visitor types. */
export interface OnboardingFormValues {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  company: string;
  acceptTerms: boolean;
  newsletter: boolean;
}

export const emptyOnboardingForm: OnboardingFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  password: '',
  confirmPassword: '',
  company: '',
  acceptTerms: false,
  newsletter: false,
};

export function validateOnboardingForm(input: OnboardingFormValues) {
  return validateForm(onboardingFormSchema, input);
}
