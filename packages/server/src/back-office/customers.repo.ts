import type { Database } from '../db/database.ts';
import type { OutboxRow } from '../mail/outbox.repo.ts';
import { customersFound, pendingFound, type Search } from './search.repo.ts';

/**
 * The back office's reads of customers (docs/product.md#back-office): accounts and the payments
 * still awaiting their account, searched, sorted and paged; a customer's mails. Read only: each
 * table's own repository writes it.
 */

export type CustomerSort = 'created_at' | 'email' | 'name' | 'company_name' | 'shop_domain';

/** One customer of the list: an account (with its subscription), or a payment awaiting one. */
export interface CustomerListRow {
  kind: 'account' | 'pending_account';
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  shop_domain: string | null;
  created_at: Date;
  phone: string | null;
  stripe_customer_id: string | null;
  /** The subscription's, null without one. */
  plan_id: string | null;
  plan_name: string | null;
  billing_cycle: 'monthly' | 'yearly' | null;
  status: string | null;
  trial_end: Date | null;
  cancel_at_period_end: boolean | null;
  current_period_end: Date | null;
  monthly_price_cents: number | null;
  yearly_price_cents: number | null;
  licenses_used: number;
}

/** Accounts, then (when no account has their email) paid checkouts no account used yet. */
function people(search: Search | undefined): string {
  return `SELECT 'account' AS kind, c.id, c.email, c.first_name, c.last_name, c.company_name,
      c.shop_domain, c.created_at, c.phone, c.stripe_customer_id
    FROM customers c ${search === undefined ? '' : `WHERE c.id IN (${customersFound})`}
    UNION ALL
    SELECT 'pending_account', cs.id, cs.customer_email, NULL, NULL, NULL, NULL,
      COALESCE(cs.paid_at, cs.created_at), NULL, cs.provider_customer_id
    FROM checkout_sessions cs
    WHERE cs.payment_status = 'paid' AND cs.customer_id IS NULL AND cs.used_at IS NULL
      AND cs.customer_email IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM customers c WHERE lower(c.email) = lower(cs.customer_email))
      ${search === undefined ? '' : `AND ${pendingFound}`}`;
}

const withSubscription = `SELECT p.kind, p.id, p.email, p.first_name, p.last_name,
    p.company_name, p.shop_domain, p.created_at, p.phone, p.stripe_customer_id, s.plan_id,
    pl.name AS plan_name, s.billing_cycle, s.status, s.trial_end, s.cancel_at_period_end,
    s.current_period_end, pl.monthly_price_cents, pl.yearly_price_cents,
    (SELECT count(*) FROM licences l WHERE l.customer_id = p.id AND l.status = 'active')::int
      AS licenses_used
  FROM people p
    LEFT JOIN subscriptions s ON s.customer_id = p.id
    LEFT JOIN plans pl ON pl.id = s.plan_id`;

/** The whitelisted orders, each ending on the id so pages never overlap. */
function orderOf(sort: CustomerSort, order: 'asc' | 'desc'): string {
  const by = {
    created_at: ['p.created_at'],
    email: ['lower(p.email)'],
    name: ['lower(p.last_name)', 'lower(p.first_name)'],
    company_name: ['lower(p.company_name)'],
    shop_domain: ['p.shop_domain'],
  }[sort];
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return [...by.map((column) => `${column} ${direction} NULLS LAST`), `p.id ${direction}`].join(
    ', ',
  );
}

/** A page of customers and how many the search finds. */
export async function listCustomers(
  db: Database,
  query: {
    search: Search | undefined;
    sort: CustomerSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ rows: CustomerListRow[]; total: number }> {
  const params: unknown[] = query.search === undefined ? [] : [...query.search.params];
  const cte = `WITH people AS (${people(query.search)})`;
  const [count] = await db.query<{ total: number }>(
    `${cte} SELECT count(*)::int AS total FROM people`,
    params,
  );
  const rows = await db.query<CustomerListRow>(
    `${cte} ${withSubscription} ORDER BY ${orderOf(query.sort, query.order)}
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, query.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/** One customer (an account, or a payment awaiting its account) by its id. */
export async function findListedCustomer(
  db: Database,
  id: string,
): Promise<CustomerListRow | undefined> {
  const [row] = await db.query<CustomerListRow>(
    `WITH people AS (SELECT * FROM (${people(undefined)}) everyone WHERE id = $1)
     ${withSubscription}`,
    [id],
  );
  return row;
}

/** A mail of the outbox as the back office shows it: its subject is rendered from `payload`. */
export type CustomerMailRow = Pick<
  OutboxRow,
  | 'id'
  | 'kind'
  | 'recipient'
  | 'payload'
  | 'created_at'
  | 'attempts'
  | 'last_error'
  | 'sent_at'
  | 'failed_at'
>;

/**
 * The mails sent to a customer, newest first: to its email, and those the journal tied to it
 * when they were queued (to an email it had then).
 */
export async function customerMails(
  db: Database,
  customer: { id: string | null; email: string },
  limit: number,
): Promise<CustomerMailRow[]> {
  return db.query<CustomerMailRow>(
    `SELECT id, kind, recipient, payload, created_at, attempts, last_error, sent_at, failed_at
     FROM outbox
     WHERE id IN (
       SELECT id FROM outbox WHERE lower(recipient) = lower($1)
       UNION SELECT details->>'mail_id' FROM journal
         WHERE customer_id = $2 AND type = 'mail_queued')
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [customer.email, customer.id, limit],
  );
}
