import { forward, object, partialCheck, pipe, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import { requiredSecret, strongPasswordSchema, validateForm } from './form.ts';

/** Spec 5, password change: current required; new strong; confirmation equal to new. */
export const passwordChangeSchema = pipe(
  object({
    current_password: requiredSecret(messages.validation.currentPasswordRequired),
    new_password: strongPasswordSchema(messages.validation.newPasswordRequired),
    confirm_password: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  forward(
    partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.new_password === input.confirm_password,
      messages.validation.passwordsMismatch,
    ),
    ['confirm_password'],
  ),
);

export type PasswordChangeValues = InferOutput<typeof passwordChangeSchema>;
export type PasswordChangeField = keyof PasswordChangeValues;

export function validatePasswordChange(input: PasswordChangeValues) {
  return validateForm(passwordChangeSchema, input);
}
