/**
 * The back office's search (docs/product.md#back-office): what an admin typed finds customers
 * and licences by the beginning of their emails, names, company and domains, or by their exact
 * id. Each branch below reads an index of migrations/011_back_office.sql (a prefix `LIKE` over
 * `text_pattern_ops`), so a selective search never reads a whole table; the branches' union is
 * then cut into pages.
 */

/** A search as the SQL reads it: `$1` the prefix pattern, `$2` the domain's, `$3` the text. */
export interface Search {
  params: [prefix: string, domainPrefix: string, exact: string];
}

/** `%`, `_` and `\` are plain characters of what was typed, not patterns. */
const prefixPattern = (text: string) =>
  `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * What an admin typed, trimmed and with its inner spaces single; undefined when nothing is left
 * (no search). An email's domain is also found after a leading `@`.
 */
export function searchOf(q: string | undefined): Search | undefined {
  const text = (q ?? '').trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  return { params: [prefixPattern(text), prefixPattern(text.replace(/^@/, '')), text] };
}

/**
 * The ids of the licences a search finds, its prefix pattern and its text at the placeholders
 * given (a statement must use every parameter it is given: the licences' own search has no `$2`).
 */
export const licencesFoundAt = (prefix: string, exact: string) => `SELECT id FROM licences
    WHERE custom_domain LIKE ${prefix}
  UNION SELECT id FROM licences WHERE regexp_replace(custom_domain, '^www\\.', '') LIKE ${prefix}
  UNION SELECT id FROM licences WHERE shop_domain LIKE ${prefix}
  UNION SELECT id FROM licences WHERE id = ${exact}`;

/** The ids of the licences a search finds (`$1`, `$3`). */
export const licencesFound = licencesFoundAt('$1', '$3');

/** The ids of the customers a search finds, by their own fields or their licences' (`$1` to `$3`). */
export const customersFound = `SELECT id FROM customers WHERE lower(email) LIKE $1
  UNION SELECT id FROM customers WHERE split_part(lower(email), '@', 2) LIKE $2
  UNION SELECT id FROM customers WHERE lower(first_name) LIKE $1
  UNION SELECT id FROM customers WHERE lower(last_name) LIKE $1
  UNION SELECT id FROM customers WHERE lower(first_name || ' ' || last_name) LIKE $1
  UNION SELECT id FROM customers WHERE lower(company_name) LIKE $1
  UNION SELECT id FROM customers WHERE shop_domain LIKE $1
  UNION SELECT id FROM customers WHERE id = $3
  UNION SELECT customer_id FROM licences WHERE id IN (${licencesFound})`;

/** The payments awaiting their account a search finds, by their email or checkout id. */
export const pendingFound = `(lower(cs.customer_email) LIKE $1
  OR split_part(lower(cs.customer_email), '@', 2) LIKE $2 OR cs.id = $3)`;
