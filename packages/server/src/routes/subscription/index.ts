import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { findPlanPrice } from '../../plans/plans.repo.ts';
import { currentSubscription } from '../../subscriptions/current.ts';
import {
  cancelAtPeriodEnd,
  changePlan,
  resumeSubscription,
} from '../../subscriptions/lifecycle.ts';
import { texts } from '../../texts.ts';
import type { RouteFolder } from '../folders.ts';
import { purchaseRoutes } from './purchase.ts';

/**
 * The current subscription, changing plan, cancelling at the period's end and resuming
 * (docs/product.md, 'Subscription lifecycle'); the changes go through the payment provider.
 */
async function lifecycleRoutes(app: FastifyInstance): Promise<void> {
  const current = (customerId: string) => currentSubscription(app.db, customerId, app.now());

  app.get<RouteOf<'/api/client/subscription/current', 'get'>>(
    '/api/client/subscription/current',
    async (request) => current(accountOf(request).id),
  );

  app.put<RouteOf<'/api/client/subscription/current', 'put'>>(
    '/api/client/subscription/current',
    async (request) => {
      const customerId = accountOf(request).id;
      const { plan_id, billingCycle, keep_licence_ids } = request.body;
      const entry = await findPlanPrice(app.db, plan_id, billingCycle);
      if (entry === null) throw notFound(texts.payments.planNotFound);
      await changePlan(app, customerId, { entry, keep: keep_licence_ids });
      return current(customerId);
    },
  );

  app.post<RouteOf<'/api/client/subscription/cancel', 'post'>>(
    '/api/client/subscription/cancel',
    async (request) => {
      const customerId = accountOf(request).id;
      await cancelAtPeriodEnd(app, customerId);
      return current(customerId);
    },
  );

  app.post<RouteOf<'/api/client/subscription/resume', 'post'>>(
    '/api/client/subscription/resume',
    async (request) => {
      const customerId = accountOf(request).id;
      await resumeSubscription(app, customerId);
      return current(customerId);
    },
  );
}

/** Every `/api/client/subscription/*` path: the logged-in customer's own subscription. */
export const subscriptionFolder: RouteFolder = {
  guard: { under: ['/api/client/subscription'], hook: requireCustomer },
  async routes(app) {
    await lifecycleRoutes(app);
    await purchaseRoutes(app);
  },
};
