import type { FastifyInstance } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import type { RouteOf } from '../../http/typed.ts';
import { currentSubscription } from '../../subscriptions/current.ts';

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/client/subscription/current', 'get'>>(
    '/api/client/subscription/current',
    { onRequest: requireCustomer },
    async (request) => currentSubscription(app.db, accountOf(request).id),
  );
}
