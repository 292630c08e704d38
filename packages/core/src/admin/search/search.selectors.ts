import type { AdminSearchContext, AdminSearchQuery } from './search.types.ts';

/** What a back-office list shows (docs/product.md#back-office). */
export interface AdminSearchView<TRow, TSort extends string> {
  query: AdminSearchQuery<TSort>;
  rows: TRow[];
  total: number;
  page: number;
  pageCount: number;
  /** A call is under way (or about to be, once typing pauses). */
  busy: boolean;
  /** Asked and answered: nothing matches. */
  empty: boolean;
  error: string | null;
  queryError: string | null;
}

interface SearchSnapshot<TRow, TSort extends string> {
  context: AdminSearchContext<TRow, TSort>;
  matches: (state: 'loading' | 'typing') => boolean;
}

export function selectAdminSearchView<TRow, TSort extends string>(
  snapshot: SearchSnapshot<TRow, TSort>,
): AdminSearchView<TRow, TSort> {
  const { query, result, error, queryError } = snapshot.context;
  const busy = snapshot.matches('loading') || snapshot.matches('typing');
  const total = result?.total ?? 0;
  return {
    query,
    rows: result?.rows ?? [],
    total,
    page: result?.page ?? query.page,
    pageCount: result === null ? 0 : Math.ceil(total / result.perPage),
    busy,
    empty: result !== null && result.rows.length === 0 && !busy && error === null,
    error,
    queryError,
  };
}
