import { Link, useSearch } from 'wouter';
import {
  addressOfJournalQuery,
  formatCents,
  journalActor,
  journalQueryFromAddress,
  journalWhen,
  messages,
  selectAdminSearchView,
} from '@portal/core';
import { AdminPage } from '../../AdminPage.tsx';
import { ListFooter, SearchField, useQueryInAddress } from '../../SearchList.tsx';
import { journalFlow } from './journalFlow.ts';

const texts = messages.admin.journal;

/** `/admin/journal`: every admin action and lifecycle event, read-only (docs/product.md#back-office). */
export default function JournalPage() {
  const search = useSearch();
  return (
    <journalFlow.Provider input={{ query: journalQueryFromAddress(search) }}>
      <JournalView />
    </journalFlow.Provider>
  );
}

export function JournalView() {
  const view = journalFlow.useSelector(selectAdminSearchView);
  const commands = journalFlow.useEvents();
  useQueryInAddress(addressOfJournalQuery(view.query));
  return (
    <AdminPage title={texts.title}>
      <SearchField
        label={texts.searchLabel}
        description={texts.searchDescription}
        value={view.query.q}
        error={view.queryError}
        onChange={commands.search}
      />
      <div className="admin-table-wrap">
        <table className="admin-table" aria-label={texts.tableLabel} aria-busy={view.busy}>
          <thead>
            <tr>
              {Object.values(texts.columns).map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((event) => (
              <tr key={event._id}>
                <td>
                  <time dateTime={event.at}>{journalWhen(event.at)}</time>
                </td>
                <td>
                  {messages.admin.eventLabels[event.type]}
                  {event.amount_cents === null ? null : <> · {formatCents(event.amount_cents)}</>}
                </td>
                <td>{journalActor(event.actor)}</td>
                <td>
                  {event.customer_id === null ? (
                    '—'
                  ) : (
                    <Link href={`/admin/clients/${encodeURIComponent(event.customer_id)}`}>
                      {event.customer_email ?? event.customer_id}
                    </Link>
                  )}
                </td>
                <td>{event.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListFooter
        view={view}
        emptyText={view.query.q.trim() === '' ? texts.none : texts.empty}
        onPage={commands.page}
        onRetry={commands.retry}
      />
    </AdminPage>
  );
}
