import {
  licenceDomainErrors,
  normalizeCustomDomain,
  normalizeShopDomain,
  type LicenceField,
} from '../domains.ts';
import { hasNoErrors, type FormResult } from './form.ts';

export interface LicenceFormValues {
  custom_domain: string;
  shop_domain: string;
}

/** Spec 5, licence form: the shared domain rules, then the values as the API expects them. */
export function validateLicenceForm(
  input: LicenceFormValues,
): FormResult<LicenceFormValues, LicenceField> {
  const errors = licenceDomainErrors(input);
  if (!hasNoErrors(errors)) return { success: false, errors };
  return {
    success: true,
    output: {
      custom_domain: normalizeCustomDomain(input.custom_domain),
      shop_domain: normalizeShopDomain(input.shop_domain),
    },
  };
}
