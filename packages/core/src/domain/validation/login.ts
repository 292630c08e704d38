import { minLength, object, pipe, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import { emailSchema, requiredSecret, validateForm } from './form.ts';

/**
 * docs/product.md#login-form: email required and well formed; password required, at least 6
 * characters.
 */
export const loginSchema = object({
  email: emailSchema(),
  password: pipe(
    requiredSecret(messages.validation.passwordRequired),
    minLength(6, messages.validation.passwordMin6),
  ),
});

export type LoginValues = InferOutput<typeof loginSchema>;
export type LoginField = keyof LoginValues;

export function validateLogin(input: { email: string; password: string }) {
  return validateForm(loginSchema, input);
}
