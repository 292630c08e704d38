import { object, pipe } from 'valibot';
import { messages } from '../messages.ts';
import { emailSchema, requiredSecret, validateForm } from './form.ts';
import { newPasswordSchema } from './new-password.ts';
import { passwordsMatch } from './password-match.ts';

/**
 * A new admin account, as `pnpm admin:create` asks it (docs/operations.md, 'The first admin'): a
 * well-formed email and a password typed twice under the rule of every new password
 * (docs/product.md#new-passwords).
 */
export const adminAccountSchema = pipe(
  object({
    email: emailSchema(),
    password: newPasswordSchema(messages.validation.newPasswordRequired),
    confirmation: requiredSecret(messages.validation.confirmPasswordRequired),
  }),
  passwordsMatch('password', 'confirmation'),
);

export function validateAdminAccount(input: {
  email: string;
  password: string;
  confirmation: string;
}) {
  return validateForm(adminAccountSchema, input);
}
