/** A back-office list's query, as its address carries it (`?q=…&page=2&sort=email&order=asc`). */
export interface AdminSearchQuery<TSort extends string = string> {
  /** What the admin typed (the server trims it). */
  q: string;
  page: number;
  /** The sorted column; null where the list has one order only (the journal). */
  sort: TSort | null;
  order: 'asc' | 'desc';
}

/** One page of a list, as the server answered it. */
export interface AdminSearchPage<TRow> {
  rows: TRow[];
  total: number;
  page: number;
  perPage: number;
}

export interface AdminSearchContext<TRow, TSort extends string> {
  query: AdminSearchQuery<TSort>;
  /** The last page answered: kept on screen while the next one loads. */
  result: AdminSearchPage<TRow> | null;
  /** Why the last call failed, in French. */
  error: string | null;
  /** What is wrong with the typed search (too long): no call is made. */
  queryError: string | null;
}

export type AdminSearchEvent<TSort extends string> =
  | { type: 'search.typed'; q: string }
  | { type: 'search.sorted'; sort: TSort }
  | { type: 'search.paged'; page: number }
  | { type: 'search.retry' };
