import {
  messages,
  themeCatalogue,
  validateLicenceForm,
  type components,
} from '@portal/core/domain';
import { badRequest, conflict, forbidden } from '../http/errors.ts';
import type { LicenceRow } from './licences.repo.ts';

/** The one theme this product sells; every licence is for it. */
export const THEME_NAME = themeCatalogue.name;

/**
 * A licence as the client sees it: `inactive` while the subscription gives no access (the stored
 * status is kept, so the licences come back with a new subscription).
 */
export function licenceJson(row: LicenceRow, access = true): components['schemas']['License'] {
  return {
    _id: row.id,
    custom_domain: row.custom_domain,
    shop_domain: row.shop_domain,
    theme_name: row.theme_name,
    status: access ? row.status : 'inactive',
    expires_at: row.expires_at?.toISOString() ?? null,
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
    last_seen_host: row.last_seen_host,
    last_seen_version: row.last_seen_version,
    suspended_at: row.suspended_at?.toISOString() ?? null,
    suspension_reason: row.suspension_reason,
  };
}

/** A licence as the back office sees it: with its customer and the version an admin's write names. */
export function adminLicenceJson(
  row: LicenceRow,
  customerEmail: string,
): components['schemas']['AdminLicense'] {
  return {
    ...licenceJson(row),
    customer_id: row.customer_id,
    customer_email: customerEmail,
    version: row.version,
    created_at: row.created_at.toISOString(),
  };
}

/** A suspended licence stays as the admin left it: its customer can neither change nor delete it. */
export function refuseSuspended(row: Pick<LicenceRow, 'suspended_at'>): void {
  if (row.suspended_at !== null) throw forbidden(messages.licences.suspendedLocked);
}

/** A custom domain another licence has (409, named on the field). */
export const licenceConflict = () =>
  conflict(messages.licences.conflict, { custom_domain: messages.licences.conflict });

/**
 * The licence rules of docs/product.md#licence-form (shared with the client), then the stored forms
 * of both domains.
 */
export function licenceDomains(input: { custom_domain: string; shop_domain: string }): {
  custom_domain: string;
  shop_domain: string;
} {
  const result = validateLicenceForm(input);
  if (!result.success) {
    throw badRequest(result.errors as Record<string, string>, messages.licences.badRequest);
  }
  return result.output;
}
