import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../back-office/paging.ts';
import { customersFound, licencesFound, searchOf } from '../../back-office/search.repo.ts';
import type { RouteOf } from '../../http/typed.ts';
import { listJournal } from '../../journal/journal.repo.ts';
import { journalEventJson } from '../../journal/journal.ts';

/** The journal (docs/product.md#back-office): newest first, searched and filtered, paged. */
export async function adminJournalRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/admin/journal', 'get'>>('/api/admin/journal', async (request) => {
    const { query } = request;
    const page = pageOf(query);
    const search = searchOf(query.q);
    const { rows, total } = await listJournal(app.db, {
      ...(search === undefined
        ? {}
        : {
            search: {
              customerIds: customersFound,
              licenceIds: licencesFound,
              params: search.params,
            },
          }),
      ...(query.customer_id === undefined ? {} : { customerId: query.customer_id }),
      ...(query.licence_id === undefined ? {} : { licenceId: query.licence_id }),
      ...(query.type === undefined ? {} : { type: query.type }),
      limit: page.limit,
      offset: page.offset,
    });
    return {
      events: rows.map(journalEventJson),
      total,
      page: page.page,
      per_page: page.per_page,
    };
  });
}
