import { object, pipe, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import { requiredSecret, strongPasswordSchema, validateForm } from './form.ts';
import { passwordsMatch } from './password-match.ts';

/** docs/product.md#password-change: current required; new strong; confirmation equal to new. */
export const passwordChangeSchema = pipe(
  object({
    current_password: requiredSecret(messages.validation.currentPasswordRequired),
    new_password: strongPasswordSchema(messages.validation.newPasswordRequired),
    confirm_password: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  passwordsMatch('new_password', 'confirm_password'),
);

export type PasswordChangeValues = InferOutput<typeof passwordChangeSchema>;
export type PasswordChangeField = keyof PasswordChangeValues;

export function validatePasswordChange(input: PasswordChangeValues) {
  return validateForm(passwordChangeSchema, input);
}
