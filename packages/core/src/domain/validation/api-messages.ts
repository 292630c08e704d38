import type { operations } from '../../api/schema.gen.ts';
import { messages } from '../messages.ts';
import type { PatternName } from './patterns.ts';

const v = messages.validation;

/**
 * The French message a field of the API gets for each rule it breaks, by the contract's field
 * names: the texts the forms show for the same fields. The server answers its 400s from this
 * table, so a field reads the same whether the form or the API refused it.
 */
export const apiFieldMessages = {
  /** An absent, empty or blank value. */
  required: {
    email: v.emailRequired,
    password: v.passwordRequired,
    new_password: v.newPasswordRequired,
    current_password: v.currentPasswordRequired,
    confirm_password: v.confirmPasswordRequired,
    first_name: v.firstNameRequired,
    last_name: v.lastNameRequired,
    custom_domain: v.customDomainRequired,
    shop_domain: v.shopDomainRequired,
    filename: v.filenameRequired,
  } as Readonly<Record<string, string>>,
  /** A value outside the field's length limits. */
  length: {
    first_name: v.firstNameLength,
    last_name: v.lastNameLength,
    company_name: v.companyNameTooLong,
    company: v.companyNameTooLong,
    q: messages.admin.searchTooLong,
  } as Readonly<Record<string, string>>,
  /** A value that breaks one of the shared patterns (see patterns.ts), or per field. */
  pattern: {
    email: v.emailInvalid,
    customDomain: v.customDomainInvalid,
    shopDomain: v.shopDomainInvalid,
    shopifyDomain: messages.licenceVerification.shopInvalid,
    phone: v.phoneInvalid,
    strongPassword: v.passwordComplexity,
    personName: { first_name: v.firstNameLength, last_name: v.lastNameLength },
  } as Readonly<Partial<Record<PatternName, string | Readonly<Record<string, string>>>>>,
} as const;

/** Where one operation words a refusal its own way (its form's texts). */
export const apiOperationMessages: Readonly<
  Partial<Record<keyof operations, { badRequest?: string; required?: Record<string, string> }>>
> = {
  updateProfile: { required: { shop_domain: v.domainRequired } },
  createLicense: { badRequest: messages.licences.badRequest },
  updateLicense: { badRequest: messages.licences.badRequest },
  adminCreateLicense: { badRequest: messages.licences.badRequest },
  adminTransferLicense: { badRequest: messages.licences.badRequest },
};
