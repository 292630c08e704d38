import { rawCheck } from 'valibot';
import { messages } from '../messages.ts';

/**
 * 'Passwords match' (docs/product.md#validation-rules), the one owner of the rule: signup step 1,
 * the purchase onboarding, the password change and the reset link all end their schema with it.
 * The mismatch goes under the confirmation as soon as a password is typed and the confirmation
 * differs, even while the password breaks another rule (the visitor sees both messages at once).
 * An empty confirmation keeps its own 'required' message where the form has one (the first
 * message per field wins).
 */
export function passwordsMatch<
  Password extends string,
  Confirmation extends string,
  Form extends Record<Password | Confirmation, string> = Record<Password | Confirmation, string>,
>(password: Password, confirmation: Confirmation) {
  return rawCheck<Form>(({ dataset, addIssue }) => {
    // Runs even when other fields failed: the values are then the raw (untyped) input.
    const values = dataset.value as Partial<Record<string, unknown>>;
    const typed = values[password];
    const confirmed = values[confirmation];
    if (typeof typed !== 'string' || typeof confirmed !== 'string') return;
    if (typed === '' || typed === confirmed) return;
    addIssue({
      message: messages.validation.passwordsMismatch,
      path: [
        {
          type: 'object',
          origin: 'value',
          input: values as Record<string, unknown>,
          key: confirmation,
          value: confirmed,
        },
      ],
    });
  });
}
