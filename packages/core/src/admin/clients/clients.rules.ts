import { addressOfSearchQuery, searchQueryFromAddress } from '../search/search.rules.ts';
import type { AdminSearchQuery } from '../search/search.types.ts';
import { clientSorts, type AdminCustomerSummary, type ClientSort } from './clients.types.ts';

/** Newest customers first, as the server lists them without `sort`. */
const initialSort: ClientSort = 'created_at';

/** The Clients page's query from its address (`/admin?q=boutique&sort=email&order=asc`). */
export function clientsQueryFromAddress(search: string): AdminSearchQuery<ClientSort> {
  return searchQueryFromAddress(search, { allowed: clientSorts, initial: initialSort });
}

/** The address's search part for a query ('' for the first page of every customer). */
export function addressOfClientsQuery(query: AdminSearchQuery<ClientSort>): string {
  return addressOfSearchQuery(query, initialSort);
}

/** A customer's name as the list shows it; a payment awaiting its account has none. */
export function customerName(customer: Pick<AdminCustomerSummary, 'first_name' | 'last_name'>) {
  return [customer.first_name, customer.last_name].filter(Boolean).join(' ');
}
