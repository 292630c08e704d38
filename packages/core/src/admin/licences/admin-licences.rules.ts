import { check, maxLength, object, pipe, string, trim, nonEmpty } from 'valibot';
import { messageFor, type FeatureErrorTable } from '../../api/feature-errors.ts';
import { isApiError } from '../../api/errors.ts';
import {
  isValidShopDomain,
  normalizeCustomDomain,
  normalizeShopDomain,
} from '../../domain/domains.ts';
import { messages } from '../../domain/messages.ts';
import { licenceFormSchema } from '../../domain/validation/licence.ts';
import { validateForm, type FieldErrors } from '../../domain/validation/form.ts';
import type {
  AdminLicenceActionForm,
  AdminLicenceActionKind,
  AdminLicenceField,
} from './admin-licences.types.ts';

/** The contract's `AdminReason`: 1 to 500 characters, not only spaces. */
export const REASON_MAX = 500;
/** The contract's `SearchQuery`. */
export const SEARCH_MAX = 200;

const reason = pipe(
  string(messages.admin.licences.reasonRequired),
  trim(),
  nonEmpty(messages.admin.licences.reasonRequired),
  maxLength(REASON_MAX, messages.admin.licences.reasonTooLong),
);

const shopDomain = pipe(
  string(messages.validation.shopDomainRequired),
  trim(),
  nonEmpty(messages.validation.shopDomainRequired),
  check(isValidShopDomain, messages.validation.shopDomainInvalid),
);

const reasonOnly = object({ reason });
const transfer = object({ reason, shop_domain: shopDomain });
const create = object({
  ...licenceFormSchema.entries,
  reason,
  customer_id: pipe(
    string(messages.admin.licences.customerRequired),
    trim(),
    nonEmpty(messages.admin.licences.customerRequired),
  ),
});

/** The dialog's fields each action reads; the others are not shown. */
export const actionFields: Readonly<Record<AdminLicenceActionKind, readonly AdminLicenceField[]>> =
  {
    create: ['customer_id', 'custom_domain', 'shop_domain', 'reason'],
    suspend: ['reason'],
    reinstate: ['reason'],
    transfer: ['shop_domain', 'reason'],
    delete: ['reason'],
  };

/** The dialog's French messages by field, the first rule each breaks; `{}` when it may be sent. */
export function actionFormErrors(
  kind: AdminLicenceActionKind,
  form: AdminLicenceActionForm,
): FieldErrors<AdminLicenceField> {
  const schema = kind === 'create' ? create : kind === 'transfer' ? transfer : reasonOnly;
  const result = validateForm(schema, form);
  return result.success ? {} : (result.errors as FieldErrors<AdminLicenceField>);
}

/** What is sent: trimmed, the shop with `.myshopify.com` as the licence form writes it. */
export function actionPayload(form: AdminLicenceActionForm): AdminLicenceActionForm {
  return {
    reason: form.reason.trim(),
    shop_domain: form.shop_domain.trim() === '' ? '' : normalizeShopDomain(form.shop_domain),
    custom_domain:
      form.custom_domain.trim() === '' ? '' : normalizeCustomDomain(form.custom_domain),
    customer_id: form.customer_id.trim(),
  };
}

/** The server's own words first (its 409s say what the other admin did), else by status. */
const adminLicenceErrors: FeatureErrorTable = {
  preferServerMessage: true,
  byStatus: {
    400: messages.licences.badRequest,
    404: messages.licences.notFound,
    409: messages.admin.licenceChanged,
  },
  fallback: messages.licences.unexpected,
};

export function adminLicenceErrorMessage(error: unknown): string {
  return messageFor(error, adminLicenceErrors);
}

/** A 409: another admin acted first; the licence is read again. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** The server's field messages (a 400), kept to the dialog's fields. */
export function serverFieldErrors(error: unknown): FieldErrors<AdminLicenceField> {
  if (!isApiError(error)) return {};
  const known: readonly string[] = actionFields.create;
  return Object.fromEntries(
    Object.entries(error.fieldErrors).filter(([field]) => known.includes(field)),
  ) as FieldErrors<AdminLicenceField>;
}
