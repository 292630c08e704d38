import { object, pipe, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import {
  emailSchema,
  requiredSecret,
  requiredText,
  validateForm,
  type FieldErrors,
} from './form.ts';
import { newPasswordSchema } from './new-password.ts';
import { passwordsMatch } from './password-match.ts';

/**
 * docs/product.md#signup-steps, step 1: email, password and confirmation required, passwords equal;
 * the password follows the rule of every new password (docs/product.md#new-passwords).
 */
export const signupStep1Schema = pipe(
  object({
    email: emailSchema(),
    password: newPasswordSchema(messages.validation.passwordRequired),
    confirmPassword: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  passwordsMatch('password', 'confirmPassword'),
);

/**
 * docs/product.md#signup-steps, step 2: restaurant name, address, owner name, phone and city
 * required.
 */
export const signupStep2Schema = object({
  restaurantName: requiredText(messages.validation.restaurantNameRequired),
  address: requiredText(messages.validation.addressRequired),
  ownerName: requiredText(messages.validation.ownerNameRequired),
  phone: requiredText(messages.validation.phoneRequired),
  city: requiredText(messages.validation.cityRequired),
});

export type SignupStep1Values = InferOutput<typeof signupStep1Schema>;
export type SignupStep2Values = InferOutput<typeof signupStep2Schema>;
export type SignupStep1Field = keyof SignupStep1Values;
export type SignupStep2Field = keyof SignupStep2Values;
export type SignupField = SignupStep1Field | SignupStep2Field;

/** Every value the wizard holds; step 3's selects are optional. */
export interface SignupValues {
  email: string;
  password: string;
  confirmPassword: string;
  restaurantName: string;
  address: string;
  ownerName: string;
  phone: string;
  city: string;
  cuisineType: string;
  heardFrom: string;
}

export type SignupStep = 1 | 2 | 3;

const stepFields = {
  1: ['email', 'password', 'confirmPassword'],
  2: ['restaurantName', 'address', 'ownerName', 'phone', 'city'],
  3: [],
} as const satisfies Record<SignupStep, readonly SignupField[]>;

/** The French message per field of one step (step 3 has no required field). */
export function signupStepErrors(step: SignupStep, values: SignupValues): FieldErrors<SignupField> {
  if (step === 3) return {};
  const result =
    step === 1 ? validateForm(signupStep1Schema, values) : validateForm(signupStep2Schema, values);
  return result.success ? {} : result.errors;
}

/** The fields still blocking 'Suivant' on this step, in form order (for the tooltip). */
export function signupMissingFields(step: SignupStep, values: SignupValues): SignupField[] {
  const errors = signupStepErrors(step, values);
  return stepFields[step].filter((field) => errors[field] !== undefined);
}

/** The tooltip's labels for the missing fields. */
export function signupMissingFieldLabels(step: SignupStep, values: SignupValues): string[] {
  return signupMissingFields(step, values).map((field) => messages.signup.fieldLabels[field]);
}

export function isSignupStepValid(step: SignupStep, values: SignupValues): boolean {
  return signupMissingFields(step, values).length === 0;
}

/** The body of POST /api/client/auth/register (docs/product.md#signup-wizard). */
export interface SignupPayload {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  shop_domain: string;
}

/**
 * docs/product.md#signup-wizard: the restaurant name lowercased, with every non-alphanumeric
 * character removed.
 */
export function shopDomainFromRestaurantName(restaurantName: string): string {
  return restaurantName.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * docs/product.md#signup-wizard: first word is the first name, the rest the last name (else the
 * first word again).
 */
export function splitOwnerName(ownerName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = ownerName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.length > 0 ? rest.join(' ') : first };
}

export function toSignupPayload(values: SignupValues): SignupPayload {
  return {
    email: values.email.trim(),
    password: values.password,
    ...splitOwnerName(values.ownerName),
    shop_domain: shopDomainFromRestaurantName(values.restaurantName),
  };
}
