import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { findPlanPrice } from '../../plans/plans.repo.ts';
import { currentSubscription } from '../../subscriptions/current.ts';
import {
  cancelAtPeriodEnd,
  changePlan,
  resumeSubscription,
} from '../../subscriptions/lifecycle.ts';
import { texts } from '../../texts.ts';

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/client/subscription/current', 'get'>>(
    '/api/client/subscription/current',
    { onRequest: requireCustomer },
    async (request) => currentSubscription(app.db, accountOf(request).id, app.now()),
  );
}

/**
 * Changing plan, cancelling at the period's end and resuming (docs/product.md, 'Subscription
 * lifecycle'): they go through the payment provider, so `paymentRoutes` registers them with it.
 */
export async function subscriptionLifecycleRoutes(
  app: FastifyInstance,
  { provider }: { provider: PaymentProvider },
): Promise<void> {
  const current = (customerId: string) => currentSubscription(app.db, customerId, app.now());

  app.put<RouteOf<'/api/client/subscription/current', 'put'>>(
    '/api/client/subscription/current',
    { onRequest: requireCustomer },
    async (request) => {
      const customerId = accountOf(request).id;
      const { plan_id, billingCycle, keep_licence_ids } = request.body;
      const entry = await findPlanPrice(app.db, plan_id, billingCycle);
      if (entry === null) throw notFound(texts.payments.planNotFound);
      await changePlan(app, provider, customerId, { entry, keep: keep_licence_ids });
      return current(customerId);
    },
  );

  app.post<RouteOf<'/api/client/subscription/cancel', 'post'>>(
    '/api/client/subscription/cancel',
    { onRequest: requireCustomer },
    async (request) => {
      const customerId = accountOf(request).id;
      await cancelAtPeriodEnd(app, provider, customerId);
      return current(customerId);
    },
  );

  app.post<RouteOf<'/api/client/subscription/resume', 'post'>>(
    '/api/client/subscription/resume',
    { onRequest: requireCustomer },
    async (request) => {
      const customerId = accountOf(request).id;
      await resumeSubscription(app, provider, customerId);
      return current(customerId);
    },
  );
}
