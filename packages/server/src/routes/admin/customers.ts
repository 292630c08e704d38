import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../auth/guards.ts';
import { sendPasswordReset } from '../../auth/password-reset.ts';
import { customerDetail, customerSummaryJson } from '../../back-office/customer-detail.ts';
import { findListedCustomer, listCustomers } from '../../back-office/customers.repo.ts';
import { pageOf } from '../../back-office/paging.ts';
import { searchOf } from '../../back-office/search.repo.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { fulfilmentOf, resendOnboardingLinks } from '../../payments/fulfilment.ts';

/**
 * The back office's customers (docs/product.md#back-office): the search, one customer, and the
 * two things support does for one, journaled with the admin and the reason.
 */
export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const customer = async (id: string) => {
    const row = await findListedCustomer(app.db, id);
    if (row === undefined) throw notFound(messages.admin.customerNotFound);
    return row;
  };

  app.get<RouteOf<'/api/admin/customers', 'get'>>('/api/admin/customers', async (request) => {
    const { query } = request;
    const page = pageOf(query);
    const { rows, total } = await listCustomers(app.db, {
      search: searchOf(query.q),
      sort: query.sort ?? 'created_at',
      order: query.order ?? 'desc',
      limit: page.limit,
      offset: page.offset,
    });
    const now = app.now();
    return {
      customers: rows.map((row) => customerSummaryJson(row, now)),
      total,
      page: page.page,
      per_page: page.per_page,
    };
  });

  app.get<RouteOf<'/api/admin/customers/{id}', 'get'>>(
    '/api/admin/customers/:id',
    async (request) => {
      const detail = await customerDetail(app, request.params.id);
      if (detail === undefined) throw notFound(messages.admin.customerNotFound);
      return detail;
    },
  );

  app.post<RouteOf<'/api/admin/customers/{id}/onboarding-link', 'post'>>(
    '/api/admin/customers/:id/onboarding-link',
    async (request, reply) => {
      const row = await customer(request.params.id);
      const sessions = await resendOnboardingLinks(fulfilmentOf(app), row.email, {
        actor: { kind: 'admin', id: accountOf(request).id },
        customerId: row.kind === 'account' ? row.id : null,
        reason: request.body?.reason ?? null,
      });
      if (sessions.length === 0) throw conflict(messages.admin.noPendingPurchase);
      return reply.code(202).send({ message: messages.admin.onboardingLinkSent });
    },
  );

  app.post<RouteOf<'/api/admin/customers/{id}/password-reset', 'post'>>(
    '/api/admin/customers/:id/password-reset',
    async (request, reply) => {
      const row = await customer(request.params.id);
      if (row.kind !== 'account') throw conflict(messages.admin.noAccountYet);
      await sendPasswordReset(
        app,
        { kind: 'customer', id: row.id, email: row.email },
        {
          actor: { kind: 'admin', id: accountOf(request).id },
          reason: request.body?.reason ?? null,
        },
      );
      return reply.code(202).send({ message: messages.admin.passwordResetSent });
    },
  );
}
