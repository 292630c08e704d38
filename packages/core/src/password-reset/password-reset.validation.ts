import { object, pipe } from 'valibot';
import { messages } from '../domain/messages.ts';
import { requiredSecret, validateForm } from '../domain/validation/form.ts';
import { newPasswordSchema } from '../domain/validation/new-password.ts';
import { passwordsMatch } from '../domain/validation/password-match.ts';

/** The reset link's form: the rule of every new password (docs/product.md#new-passwords). */
export const resetPasswordSchema = pipe(
  object({
    password: newPasswordSchema(messages.validation.newPasswordRequired),
    confirmation: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  passwordsMatch('password', 'confirmation'),
);

export type ResetPasswordField = 'password' | 'confirmation';

export function validateResetPassword(input: { password: string; confirmation: string }) {
  return validateForm(resetPasswordSchema, input);
}
