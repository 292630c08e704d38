import type { components } from '@portal/core';
import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../http/errors.ts';

export interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  company_name: string | null;
  shop_domain: string;
  stripe_customer_id: string | null;
}

export const customerColumns =
  'id, email, first_name, last_name, phone, company_name, shop_domain, stripe_customer_id';

/** The logged-in customer's row (a guard has already checked it exists). */
export async function customerById(db: Database, id: string): Promise<CustomerRow> {
  const [row] = await db.query<CustomerRow>(
    `SELECT ${customerColumns} FROM customers WHERE id = $1`,
    [id],
  );
  if (row === undefined) throw unauthorized();
  return row;
}

/** The contract's `Customer`. */
export function customerJson(row: CustomerRow): components['schemas']['Customer'] {
  return {
    _id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    company_name: row.company_name,
    shop_domain: row.shop_domain,
    stripe_customer_id: row.stripe_customer_id,
  };
}
