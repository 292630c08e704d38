import { object, type InferOutput } from 'valibot';
import { emailSchema, passwordSchema, validateForm } from './form.ts';

/**
 * docs/product.md#login-form: email required and well formed; password required, at least 6
 * characters.
 */
export const loginSchema = object({
  email: emailSchema(),
  password: passwordSchema(6),
});

export type LoginValues = InferOutput<typeof loginSchema>;
export type LoginField = keyof LoginValues;

export function validateLogin(input: { email: string; password: string }) {
  return validateForm(loginSchema, input);
}
