import {
  maxLength,
  minLength,
  nonEmpty,
  pipe,
  regex,
  safeParse,
  string,
  trim,
  type BaseIssue,
  type GenericSchema,
  type InferInput,
  type InferOutput,
} from 'valibot';
import { messages } from '../messages.ts';
import { patterns } from './patterns.ts';

/** One French message per field: the first rule the field breaks. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export type FormResult<O, F extends string> =
  { success: true; output: O } | { success: false; errors: FieldErrors<F> };

/** The form's field names, as the web layer keys its inputs. */
export type FieldsOf<S extends GenericSchema> = Extract<keyof InferInput<S>, string>;

function fieldOf(issue: BaseIssue<unknown>): string | undefined {
  const key = issue.path?.[0]?.key;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Runs a form schema and keeps, for each field, the first message in rule order
 * (so 'required' wins over 'format' for an empty field).
 */
export function validateForm<S extends GenericSchema>(
  schema: S,
  input: unknown,
): FormResult<InferOutput<S>, FieldsOf<S>> {
  const result = safeParse(schema, input);
  if (result.success) return { success: true, output: result.output };
  const errors: FieldErrors<FieldsOf<S>> = {};
  for (const issue of result.issues) {
    const field = fieldOf(issue) as FieldsOf<S> | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/** True when the errors object names no field. */
export function hasNoErrors(errors: FieldErrors): boolean {
  return Object.values(errors).every((message) => message === undefined);
}

/** A trimmed text that must not be empty. */
export function requiredText(requiredMessage: string) {
  return pipe(string(requiredMessage), trim(), nonEmpty(requiredMessage));
}

/** A password kept as typed (spaces count), required. */
export function requiredSecret(requiredMessage: string) {
  return pipe(string(requiredMessage), nonEmpty(requiredMessage));
}

export function emailSchema(
  requiredMessage: string = messages.validation.emailRequired,
  invalidMessage: string = messages.validation.emailInvalid,
) {
  return pipe(
    string(requiredMessage),
    trim(),
    nonEmpty(requiredMessage),
    regex(patterns.email, invalidMessage),
  );
}

/** A person's name: required, 2 to 50 characters once trimmed (docs/product.md#profile-form). */
export function personNameSchema(requiredMessage: string, lengthMessage: string) {
  return pipe(
    string(requiredMessage),
    trim(),
    nonEmpty(requiredMessage),
    minLength(2, lengthMessage),
    maxLength(50, lengthMessage),
  );
}

/** Empty, or an optional + then 1 to 16 digits, not starting with 0; spaces are ignored. */
export function isValidPhone(phone: string): boolean {
  return patterns.phone.test(phone);
}

/** Optional phone: empty is fine, anything else must be a phone number. */
export function optionalPhoneSchema() {
  return pipe(
    string(messages.validation.phoneInvalid),
    trim(),
    regex(patterns.phone, messages.validation.phoneInvalid),
  );
}
