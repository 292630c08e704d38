import { isApiError } from '../api/errors.ts';
import { messageFor, type FeatureErrorTable } from '../api/feature-errors.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { messages } from '../domain/messages.ts';
import type { ProfileField, ProfileValues } from '../domain/validation/profile.ts';

/** The edit form's starting values; an admin account has no shop fields, so they start empty. */
export function profileFormOf(user: AuthUser): ProfileValues {
  const shop = 'shop_domain' in user ? user : null;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    shop_domain: shop?.shop_domain ?? '',
    phone: shop?.phone ?? '',
    company_name: shop?.company_name ?? '',
  };
}

/** docs/product.md#profile-form: the email is shown but cannot be changed in edit mode. */
export function isReadOnlyProfileField(field: ProfileField): boolean {
  return field === 'email';
}

/** docs/product.md#feature-errors: profile update errors by status. */
export const profileUpdateErrors: FeatureErrorTable = {
  byStatus: {
    400: { serverMessageOr: messages.profile.invalidData },
    401: messages.http[401],
    409: messages.profile.conflict,
  },
  fallback: messages.profile.updateError,
};

export function profileUpdateErrorMessage(error: unknown): string {
  return messageFor(error, profileUpdateErrors);
}

const profileFields: readonly ProfileField[] = [
  'first_name',
  'last_name',
  'email',
  'shop_domain',
  'phone',
  'company_name',
];

/** The server's per-field messages of a 400, for the fields the form has. */
export function profileFieldErrorsOf(error: unknown): Partial<Record<ProfileField, string>> {
  if (!isApiError(error) || error.status !== 400) return {};
  const fields = error.fieldErrors;
  return Object.fromEntries(
    profileFields
      .filter((field) => fields[field] !== undefined)
      .map((field) => [field, fields[field]]),
  );
}
