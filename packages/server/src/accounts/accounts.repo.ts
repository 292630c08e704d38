import type { components } from '@portal/core/domain';
import type { AnnounceChange } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';
import { recordEvent, type Actor } from '../journal/journal.repo.ts';
import { accountTable, type AccountKind } from './account-kind.ts';

/** Accounts (tables `customers` and `admins`): their rows, their SQL and their contract form. */
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
const adminColumns = 'id, email, password_hash, first_name, last_name';

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

/** The account a provider customer bills, if any. */
export async function findCustomerByProviderId(
  db: Database,
  providerCustomerId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(
    `SELECT ${customerColumns} FROM customers WHERE stripe_customer_id = $1`,
    [providerCustomerId],
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
  const [row] = await db.query<AdminRow>(`SELECT ${adminColumns} FROM admins WHERE id = $1`, [id]);
  return row;
}

export async function findAdminByEmail(db: Database, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.query<AdminRow>(
    `SELECT ${adminColumns} FROM admins WHERE lower(email) = $1`,
    [normalizeEmail(email)],
  );
  return row;
}

/** What accounts of both kinds have (an admin row has nothing more). */
export type AccountRow = AdminRow;

/** The account of either kind, with what a password check needs. */
export async function findAccountById(
  db: Database,
  account: { kind: AccountKind; id: string },
): Promise<AccountRow | undefined> {
  return account.kind === 'customer'
    ? findCustomerById(db, account.id)
    : findAdminById(db, account.id);
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

export async function shopDomainTaken(db: Database, shopDomain: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM customers WHERE shop_domain = $1', [shopDomain]);
  return rows.length > 0;
}

export interface NewCustomer {
  id: string;
  /** Already normalised (`normalizeEmail`). */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  shop_domain: string;
  company_name?: string | null;
  stripe_customer_id?: string | null;
  newsletter?: boolean;
  created_at: Date;
}

/**
 * The one customer insert (registration, onboarding, demo seed), journaled (`account_created`,
 * by the customer unless `actor` says who); a taken email or shop throws PostgreSQL's unique
 * violation (`isUniqueViolation`). Call it in the write's transaction.
 */
export async function insertCustomer(
  tx: Database,
  customer: NewCustomer,
  actor: Actor = { kind: 'customer', id: customer.id },
): Promise<void> {
  await tx.query(
    `INSERT INTO customers (id, email, password_hash, first_name, last_name, company_name,
       shop_domain, stripe_customer_id, newsletter, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      customer.id,
      customer.email,
      customer.password_hash,
      customer.first_name,
      customer.last_name,
      customer.company_name ?? null,
      customer.shop_domain,
      customer.stripe_customer_id ?? null,
      customer.newsletter ?? false,
      customer.created_at,
    ],
  );
  await recordEvent(tx, {
    type: 'account_created',
    at: customer.created_at,
    actor,
    customer_id: customer.id,
    details: { shop_domain: customer.shop_domain },
  });
}

export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  shop_domain: string;
  phone: string | null;
  company_name: string | null;
}

export async function updateProfile(
  db: Database,
  id: string,
  values: ProfileValues,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE customers SET first_name = $2, last_name = $3, email = $4, shop_domain = $5,
       phone = $6, company_name = $7, updated_at = $8
     WHERE id = $1`,
    [
      id,
      values.first_name,
      values.last_name,
      values.email,
      values.shop_domain,
      values.phone,
      values.company_name,
      at,
    ],
  );
}

/** The customer's stored preferences document (the column's default when never saved). */
export async function customerPreferences(
  db: Database,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.query<{ preferences: Record<string, unknown> }>(
    'SELECT preferences FROM customers WHERE id = $1',
    [id],
  );
  return row?.preferences;
}

/** Stores a JSON document of the customer's (`preferences` or `billing`). */
export async function saveCustomerDocument(
  db: Database,
  id: string,
  column: 'preferences' | 'billing',
  document: unknown,
  at: Date,
): Promise<void> {
  await db.query(`UPDATE customers SET ${column} = $2, updated_at = $3 WHERE id = $1`, [
    id,
    JSON.stringify(document),
    at,
  ]);
}

export async function setProviderCustomerId(
  db: Database,
  id: string,
  providerCustomerId: string,
): Promise<void> {
  await db.query('UPDATE customers SET stripe_customer_id = $2, updated_at = now() WHERE id = $1', [
    id,
    providerCustomerId,
  ]);
}

/**
 * Gives the account this provider customer unless it has one already; answers the one it keeps
 * (of two concurrent calls, the second finds the first's).
 */
export async function keepProviderCustomerId(
  db: Database,
  id: string,
  providerCustomerId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ stripe_customer_id: string }>(
    `UPDATE customers SET stripe_customer_id = coalesce(stripe_customer_id, $2), updated_at = now()
     WHERE id = $1 RETURNING stripe_customer_id`,
    [id, providerCustomerId],
  );
  return row?.stripe_customer_id;
}

/** Answers the account's email, or undefined when it no longer exists. */
export async function setPasswordHash(
  db: Database,
  account: { kind: AccountKind; id: string },
  passwordHash: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>(
    `UPDATE ${accountTable(account.kind)} SET password_hash = $2 WHERE id = $1 RETURNING email`,
    [account.id, passwordHash],
  );
  return row?.email;
}

/** Deletes a customer; licences and the subscription go with it (ON DELETE CASCADE). */
export async function deleteCustomer(
  tx: Database,
  changed: AnnounceChange,
  id: string,
): Promise<void> {
  await tx.query('DELETE FROM customers WHERE id = $1', [id]);
  await changed({ type: 'account', kind: 'customer', id });
}

export interface NewAdmin {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
}

/** The one admin insert (`pnpm admin:create`, demo seed); a taken email throws the unique violation. */
export async function insertAdmin(db: Database, admin: NewAdmin): Promise<void> {
  await db.query(
    `INSERT INTO admins (id, email, password_hash, first_name, last_name)
     VALUES ($1, $2, $3, $4, $5)`,
    [admin.id, normalizeEmail(admin.email), admin.password_hash, admin.first_name, admin.last_name],
  );
}
