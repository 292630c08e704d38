import {
  licenceDomainErrors,
  messages,
  normalizeCustomDomain,
  normalizeShopDomain,
  type components,
} from '@portal/core/domain';
import type { Database } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';

/** The one theme this product sells; every licence is for it. */
export const THEME_NAME = 'Thème Boutique';

export interface LicenceRow {
  id: string;
  customer_id: string;
  custom_domain: string;
  shop_domain: string;
  theme_name: string;
  status: string;
  expires_at: Date | null;
}

export const licenceColumns =
  'id, customer_id, custom_domain, shop_domain, theme_name, status, expires_at';

export function licenceJson(row: LicenceRow): components['schemas']['License'] {
  return {
    _id: row.id,
    custom_domain: row.custom_domain,
    shop_domain: row.shop_domain,
    theme_name: row.theme_name,
    status: row.status,
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

/** The spec's licence rules (shared with the client), then the stored forms of both domains. */
export function licenceDomains(input: { custom_domain: string; shop_domain: string }): {
  custom_domain: string;
  shop_domain: string;
} {
  const errors = licenceDomainErrors(input);
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors as Record<string, string>, messages.licences.badRequest);
  }
  return {
    custom_domain: normalizeCustomDomain(input.custom_domain),
    shop_domain: normalizeShopDomain(input.shop_domain),
  };
}

export async function customDomainTaken(
  db: Database,
  customDomain: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM licences WHERE custom_domain = $1 AND ($2::text IS NULL OR id <> $2)',
    [customDomain, exceptId],
  );
  return rows.length > 0;
}
