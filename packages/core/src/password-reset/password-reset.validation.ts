import { object, pipe } from 'valibot';
import { messages } from '../domain/messages.ts';
import { requiredSecret, strongPasswordSchema, validateForm } from '../domain/validation/form.ts';
import { passwordsMatch } from '../domain/validation/password-match.ts';

/** The reset link's form: the same new-password rules as the password change, and its copy. */
export const resetPasswordSchema = pipe(
  object({
    password: strongPasswordSchema(messages.validation.newPasswordRequired),
    confirmation: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  passwordsMatch('password', 'confirmation'),
);

export type ResetPasswordField = 'password' | 'confirmation';

export function validateResetPassword(input: { password: string; confirmation: string }) {
  return validateForm(resetPasswordSchema, input);
}
