import { object, pipe, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import { requiredSecret, validateForm } from './form.ts';
import { newPasswordSchema } from './new-password.ts';
import { passwordsMatch } from './password-match.ts';

/**
 * docs/product.md#password-change: current required; the new one follows the rule of every new
 * password (docs/product.md#new-passwords); confirmation equal to new.
 */
export const passwordChangeSchema = pipe(
  object({
    current_password: requiredSecret(messages.validation.currentPasswordRequired),
    new_password: newPasswordSchema(messages.validation.newPasswordRequired),
    confirm_password: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  passwordsMatch('new_password', 'confirm_password'),
);

export type PasswordChangeValues = InferOutput<typeof passwordChangeSchema>;
export type PasswordChangeField = keyof PasswordChangeValues;

export function validatePasswordChange(input: PasswordChangeValues) {
  return validateForm(passwordChangeSchema, input);
}
