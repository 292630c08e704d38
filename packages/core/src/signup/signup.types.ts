import type { SignupValues } from '../domain/validation/signup.ts';

export interface SignupContext {
  values: SignupValues;
  error: string | null;
}

export type SignupEvent =
  | { type: 'signup.change'; field: keyof SignupValues; value: string }
  /** Several fields at once, e.g. from a picked establishment. */
  | { type: 'signup.fill'; values: Partial<SignupValues> }
  | { type: 'signup.next' }
  | { type: 'signup.back' }
  | { type: 'signup.submit' };
