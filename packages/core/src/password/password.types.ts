import type { PasswordChangeField, PasswordChangeValues } from '../domain/validation/password.ts';

export interface PasswordContext {
  /** As typed: passwords are never trimmed. */
  form: PasswordChangeValues;
  fieldErrors: Partial<Record<PasswordChangeField, string>>;
  error: string | null;
}

export type PasswordEvent =
  /** Shows the change-password form ('Sécurité'). */
  | { type: 'password.open' }
  | { type: 'password.change'; field: PasswordChangeField; value: string }
  | { type: 'password.submit' }
  | { type: 'password.cancel' };
