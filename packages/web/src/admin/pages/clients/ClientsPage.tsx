import { Link, useSearch } from 'wouter';
import {
  addressOfClientsQuery,
  clientsQueryFromAddress,
  customerName,
  formatDate,
  messages,
  selectAdminSearchView,
  type AdminCustomerSummary,
  type ClientSort,
} from '@portal/core';
import { AdminPage } from '../../AdminPage.tsx';
import { ListFooter, SearchField, SortHeader, useQueryInAddress } from '../../SearchList.tsx';
import { clientsFlow } from './clientsFlow.ts';

const texts = messages.admin.clients;
const sortable: readonly ClientSort[] = ['email', 'name', 'company_name', 'shop_domain'];

/** `/admin`, `/admin/clients`: find a customer (docs/product.md#back-office). */
export default function ClientsPage() {
  const search = useSearch();
  return (
    <clientsFlow.Provider input={{ query: clientsQueryFromAddress(search) }}>
      <ClientsView />
    </clientsFlow.Provider>
  );
}

export function ClientsView() {
  const view = clientsFlow.useSelector(selectAdminSearchView);
  const commands = clientsFlow.useEvents();
  useQueryInAddress(addressOfClientsQuery(view.query));
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
              {sortable.map((column) => (
                <SortHeader
                  key={column}
                  column={column}
                  label={texts.columns[column]}
                  query={view.query}
                  onSort={commands.sort}
                />
              ))}
              <th scope="col">{texts.columns.subscription}</th>
              <th scope="col">{texts.columns.licenses_used}</th>
              <SortHeader
                column="created_at"
                label={texts.columns.created_at}
                query={view.query}
                onSort={commands.sort}
              />
            </tr>
          </thead>
          <tbody>
            {view.rows.map((customer) => (
              <ClientRow key={customer._id} customer={customer} />
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

function ClientRow({ customer }: { customer: AdminCustomerSummary }) {
  const { subscription } = customer;
  return (
    <tr>
      <td>
        <Link href={`/admin/clients/${encodeURIComponent(customer._id)}`}>{customer.email}</Link>
      </td>
      <td>{customer.kind === 'pending_account' ? texts.pendingAccount : customerName(customer)}</td>
      <td>{customer.company_name ?? ''}</td>
      <td>{customer.shop_domain ?? ''}</td>
      <td>
        {subscription === null
          ? texts.noSubscription
          : `${subscription.plan_name} · ${messages.subscription.statusLabels[subscription.status]}`}
      </td>
      <td>{customer.licenses_used}</td>
      <td>{formatDate(customer.created_at)}</td>
    </tr>
  );
}
