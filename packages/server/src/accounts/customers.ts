import type { components } from '@portal/core/domain';
import type { Database } from '../db/database.ts';

export interface CustomerRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  company_name: string | null;
  shop_domain: string;
  stripe_customer_id: string | null;
}

export interface AdminRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
}

const customerColumns =
  'id, email, password_hash, first_name, last_name, phone, company_name, shop_domain, stripe_customer_id';

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

export function adminJson(row: AdminRow): components['schemas']['Admin'] {
  return {
    _id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: 'admin',
  };
}

/** Emails compare without case (the unique index is on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findCustomerById(db: Database, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(
    `SELECT ${customerColumns} FROM customers WHERE id = $1`,
    [id],
  );
  return row;
}

export async function findCustomerByEmail(
  db: Database,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(
    `SELECT ${customerColumns} FROM customers WHERE lower(email) = $1`,
    [normalizeEmail(email)],
  );
  return row;
}

export async function findAdminById(db: Database, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.query<AdminRow>(
    'SELECT id, email, password_hash, first_name, last_name FROM admins WHERE id = $1',
    [id],
  );
  return row;
}

export async function findAdminByEmail(db: Database, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.query<AdminRow>(
    'SELECT id, email, password_hash, first_name, last_name FROM admins WHERE lower(email) = $1',
    [normalizeEmail(email)],
  );
  return row;
}

/** Which of an email and a shop domain another customer already holds (profile and register). */
export async function takenBySomeoneElse(
  db: Database,
  values: { email: string; shop_domain: string },
  exceptId: string | null,
): Promise<{ email: boolean; shop_domain: boolean }> {
  const rows = await db.query<{ email: string; shop_domain: string }>(
    `SELECT email, shop_domain FROM customers
     WHERE (lower(email) = $1 OR shop_domain = $2) AND ($3::text IS NULL OR id <> $3)`,
    [normalizeEmail(values.email), values.shop_domain, exceptId],
  );
  return {
    email: rows.some((row) => normalizeEmail(row.email) === normalizeEmail(values.email)),
    shop_domain: rows.some((row) => row.shop_domain === values.shop_domain),
  };
}
