import { messageFor } from '../../api/feature-errors.ts';
import { messages } from '../../domain/messages.ts';
import type { AdminSearchQuery } from './search.types.ts';

/** The contract's limit of a search (`SearchQuery`: up to 200 characters). */
export const SEARCH_MAX_LENGTH = 200;

/** After the last keystroke, how long the search waits before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What is wrong with a typed search, in French; null when the server may be asked. */
export function searchQueryError(q: string): string | null {
  return q.trim().length > SEARCH_MAX_LENGTH ? messages.admin.searchTooLong : null;
}

/** A failed list call's French message: the server's words for a refused query, else the status's. */
export function searchErrorMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: { 400: { serverMessageOr: messages.admin.search.failed } },
    fallback: { apiMessageOr: messages.admin.search.failed },
  });
}

/** Reads a list's query from its address; anything unknown or malformed is the default. */
export function searchQueryFromAddress<TSort extends string>(
  search: string,
  sorts: { allowed: readonly TSort[]; initial: TSort | null },
): AdminSearchQuery<TSort> {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const known = sorts.allowed.find((allowed) => allowed === sort);
  return {
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: known ?? sorts.initial,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address's search part of a query (`?q=…`), defaults left out; '' when all are defaults. */
export function addressOfSearchQuery<TSort extends string>(
  query: AdminSearchQuery<TSort>,
  initialSort: TSort | null,
): string {
  const params = new URLSearchParams();
  if (query.q !== '') params.set('q', query.q);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.sort !== initialSort && query.sort !== null) params.set('sort', query.sort);
  if (query.order !== 'desc') params.set('order', query.order);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
