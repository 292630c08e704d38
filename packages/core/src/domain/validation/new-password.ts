import { minLength, nonEmpty, pipe, regex, string } from 'valibot';
import { messages } from '../messages.ts';
import { passwordClasses } from './patterns.ts';

/**
 * docs/product.md#new-passwords: every password a person chooses (signup, purchase onboarding,
 * password change, reset link) has at least this many characters; the server's contract states the
 * same floor (openapi/portal.yaml, `NewPassword`).
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;

/**
 * The one rule of a new password: required (in the form's own words), 8 characters at least, then
 * a lowercase letter, an uppercase letter and a digit ('Au moins 8 caractères, avec une minuscule,
 * une majuscule et un chiffre.', `messages.validation.newPasswordHint`). Kept as typed: spaces
 * count.
 */
export function newPasswordSchema(requiredMessage: string) {
  return pipe(
    string(requiredMessage),
    nonEmpty(requiredMessage),
    minLength(NEW_PASSWORD_MIN_LENGTH, messages.validation.passwordMin8),
    regex(passwordClasses.lowercase, messages.validation.passwordComplexity),
    regex(passwordClasses.uppercase, messages.validation.passwordComplexity),
    regex(passwordClasses.digit, messages.validation.passwordComplexity),
  );
}
