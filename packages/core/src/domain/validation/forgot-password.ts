import { object, type InferOutput } from 'valibot';
import { emailSchema, validateForm } from './form.ts';

export const forgotPasswordSchema = object({ email: emailSchema() });

export type ForgotPasswordValues = InferOutput<typeof forgotPasswordSchema>;

export function validateForgotPassword(input: { email: string }) {
  return validateForm(forgotPasswordSchema, input);
}
