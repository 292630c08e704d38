import { validatePasswordChange } from '@portal/core/domain';

/**
 * The spec's rule for a new password (min 8, a lowercase, an uppercase, a digit), read from the
 * core's password-change form so client and server cannot disagree.
 */
export function newPasswordError(password: string): string | undefined {
  const result = validatePasswordChange({
    current_password: 'unused',
    new_password: password,
    confirm_password: password,
  });
  return result.success ? undefined : result.errors.new_password;
}
