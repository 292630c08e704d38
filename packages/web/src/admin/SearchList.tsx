import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { messages, type AdminSearchView } from '@portal/core';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';

// The parts every back-office list shares (Clients, Journal): one search field, the pager, the
// sortable column headers, the failure with its retry. Their rules are core's (admin/search/).

const texts = messages.admin.search;

/** Keeps the address's `?q=…` on the list's query, without a history entry per keystroke. */
export function useQueryInAddress(address: string) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = search === '' ? '' : `?${search}`;
  useEffect(() => {
    if (address !== current) navigate(`${location}${address}`, { replace: true });
  }, [address, current, location, navigate]);
}

export function SearchField({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  error: string | null;
  onChange: (q: string) => void;
}) {
  return (
    <TextField
      type="search"
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      errorMessage={error ?? undefined}
      className="admin-search"
    />
  );
}

/** A column header that sorts: a button, and `aria-sort` on the header while it is the order. */
export function SortHeader<TSort extends string>({
  column,
  label,
  query,
  onSort,
}: {
  column: TSort;
  label: string;
  query: { sort: TSort | null; order: 'asc' | 'desc' };
  onSort: (column: TSort) => void;
}) {
  const active = query.sort === column;
  const sort = active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={sort}>
      <button type="button" className="admin-sort" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/** The failure with its retry, the empty state, or the count and the pager. */
export function ListFooter<TRow>({
  view,
  emptyText,
  onPage,
  onRetry,
}: {
  view: AdminSearchView<TRow, string>;
  emptyText: string;
  onPage: (page: number) => void;
  onRetry: () => void;
}) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {view.busy ? texts.loading : ''}
      </p>
      {view.error !== null ? (
        <div className="admin-list-error">
          <Banner tone="error">{view.error}</Banner>
          <Button variant="secondary" onPress={onRetry}>
            {messages.admin.retry}
          </Button>
        </div>
      ) : null}
      {view.empty ? <p className="admin-empty">{emptyText}</p> : null}
      {view.pageCount > 1 ? (
        <nav className="admin-pager" aria-label="Pages">
          <Button
            variant="secondary"
            isDisabled={view.page <= 1 || view.busy}
            onPress={() => onPage(view.page - 1)}
          >
            {texts.previous}
          </Button>
          <span>
            Page {view.page} sur {view.pageCount} · {view.total} résultat
            {view.total > 1 ? 's' : ''}
          </span>
          <Button
            variant="secondary"
            isDisabled={view.page >= view.pageCount || view.busy}
            onPress={() => onPage(view.page + 1)}
          >
            {texts.next}
          </Button>
        </nav>
      ) : null}
    </>
  );
}
