import { maxLength, object, pipe, string, trim, type InferOutput } from 'valibot';
import { messages } from '../messages.ts';
import {
  emailSchema,
  optionalPhoneSchema,
  personNameSchema,
  requiredText,
  validateForm,
} from './form.ts';

/** docs/product.md#profile-form. */
export const profileSchema = object({
  first_name: personNameSchema(
    messages.validation.firstNameRequired,
    messages.validation.firstNameLength,
  ),
  last_name: personNameSchema(
    messages.validation.lastNameRequired,
    messages.validation.lastNameLength,
  ),
  email: emailSchema(),
  shop_domain: requiredText(messages.validation.domainRequired),
  phone: optionalPhoneSchema(),
  company_name: pipe(string(), trim(), maxLength(100, messages.validation.companyNameTooLong)),
});

export type ProfileValues = {
  first_name: string;
  last_name: string;
  email: string;
  shop_domain: string;
  phone: string;
  company_name: string;
};
export type ProfileField = keyof ProfileValues;
export type ProfileOutput = InferOutput<typeof profileSchema>;

export function validateProfile(input: ProfileValues) {
  return validateForm(profileSchema, input);
}

/** docs/product.md#profile-form: values trimmed and empty fields dropped before sending. */
export function toProfilePayload(values: ProfileValues): Partial<ProfileValues> {
  const payload: Partial<ProfileValues> = {};
  for (const [field, value] of Object.entries(values) as [ProfileField, string][]) {
    const trimmed = value.trim();
    if (trimmed !== '') payload[field] = trimmed;
  }
  return payload;
}
