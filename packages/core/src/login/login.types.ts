import type { FieldErrors } from '../domain/validation/form.ts';
import type { LoginField } from '../domain/validation/login.ts';

export interface LoginContext {
  /** The login page's banner. */
  error: string | null;
  fieldErrors: FieldErrors<LoginField>;
}

export type LoginEvent = {
  type: 'login.submit';
  email: string;
  password: string;
  rememberMe?: boolean;
};
