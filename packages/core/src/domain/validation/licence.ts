import { check, object, pipe, transform, type InferOutput } from 'valibot';
import {
  isValidCustomDomain,
  isValidShopDomain,
  normalizeCustomDomain,
  normalizeShopDomain,
} from '../domains.ts';
import { messages } from '../messages.ts';
import { requiredText, validateForm } from './form.ts';

/**
 * docs/product.md#licence-form (the client's modal and the server's licence routes): both domains
 * required, then well formed; the output is what the API stores (lower case, the shop with
 * `.myshopify.com` appended when missing).
 */
export const licenceFormSchema = object({
  custom_domain: pipe(
    requiredText(messages.validation.customDomainRequired),
    check(isValidCustomDomain, messages.validation.customDomainInvalid),
    transform(normalizeCustomDomain),
  ),
  shop_domain: pipe(
    requiredText(messages.validation.shopDomainRequired),
    check(isValidShopDomain, messages.validation.shopDomainInvalid),
    transform(normalizeShopDomain),
  ),
});

export type LicenceFormValues = InferOutput<typeof licenceFormSchema>;

export function validateLicenceForm(input: LicenceFormValues) {
  return validateForm(licenceFormSchema, input);
}
