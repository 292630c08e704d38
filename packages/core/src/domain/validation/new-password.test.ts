import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { validateResetPassword } from '../../password-reset/password-reset.validation.ts';
import { emptySignupValues } from '../../signup/signup.machine.ts';
import { messages } from '../messages.ts';
import {
  NEW_PASSWORD_MIN_LENGTH,
  emptyOnboardingForm,
  signupStepErrors,
  validateOnboardingForm,
  validatePasswordChange,
} from './index.ts';

const v = messages.validation;

/**
 * The message each form that sets a password gives a new password (typed twice, every other field
 * valid): signup step 1, the purchase onboarding, the password change and the reset link.
 */
function messagesFor(password: string) {
  const onboarding = validateOnboardingForm({
    ...emptyOnboardingForm,
    firstName: 'Jeanne',
    lastName: 'Durand',
    email: 'jeanne@boutique.fr',
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  const change = validatePasswordChange({
    current_password: 'Ancien123',
    new_password: password,
    confirm_password: password,
  });
  const reset = validateResetPassword({ password, confirmation: password });
  return {
    signup: signupStepErrors(1, {
      ...emptySignupValues,
      email: 'jeanne@boutique.fr',
      password,
      confirmPassword: password,
    }).password,
    onboarding: onboarding.success ? undefined : onboarding.errors.password,
    change: change.success ? undefined : change.errors.new_password,
    reset: reset.success ? undefined : reset.errors.password,
  };
}

const everywhere = (message: string | undefined) => ({
  signup: message,
  onboarding: message,
  change: message,
  reset: message,
});

describe('one rule for every new password (docs/product.md#new-passwords)', () => {
  test.each([
    ['abcdefgh', v.passwordComplexity],
    ['motdepasse', v.passwordComplexity],
    ['ABCDEFG1', v.passwordComplexity],
    ['Abcdefgh', v.passwordComplexity],
    ['abcdefg1', v.passwordComplexity],
    ['Ab1', v.passwordMin8],
    ['Abcdef1', v.passwordMin8],
    ['Abcdefg1', undefined],
    ['Boutique2026!', undefined],
  ])('%s: the same answer in signup, onboarding, change and reset', (password, message) => {
    expect(messagesFor(password)).toEqual(everywhere(message));
  });

  test('8 characters at least, then a lowercase letter, an uppercase letter and a digit', () => {
    const characters = fc.constantFrom(...'aZ9 é!-'.split(''));
    fc.assert(
      fc.property(
        fc.array(characters, { maxLength: 14 }).map((chars) => chars.join('')),
        (typed) => {
          fc.pre(typed !== '');
          const expected =
            typed.length < NEW_PASSWORD_MIN_LENGTH
              ? v.passwordMin8
              : /[a-z]/.test(typed) && /[A-Z]/.test(typed) && /[0-9]/.test(typed)
                ? undefined
                : v.passwordComplexity;
          expect(messagesFor(typed)).toEqual(everywhere(expected));
        },
      ),
      { numRuns: 500 },
    );
  });

  test("an empty one is required, in each form's own words", () => {
    expect(messagesFor('')).toEqual({
      signup: v.passwordRequired,
      onboarding: v.passwordRequired,
      change: v.newPasswordRequired,
      reset: v.newPasswordRequired,
    });
  });

  test('the hint every new-password field shows states the same rule', () => {
    expect(v.newPasswordHint).toBe(
      'Au moins 8 caractères, avec une minuscule, une majuscule et un chiffre.',
    );
    expect(v.newPasswordHint).toContain(`${NEW_PASSWORD_MIN_LENGTH} caractères`);
    expect(v.passwordMin8).toContain(`${NEW_PASSWORD_MIN_LENGTH} caractères`);
  });
});
