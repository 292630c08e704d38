import type { FastifyInstance } from 'fastify';
import { indicatorsAt } from '../../back-office/indicators.ts';
import type { RouteOf } from '../../http/typed.ts';
import { recordClockEvents } from '../../subscriptions/journal-events.ts';

/** The business's figures (docs/product.md#back-office), at the server's clock. */
export async function adminIndicatorRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/admin/indicators', 'get'>>('/api/admin/indicators', async () => {
    const now = app.now();
    // What the clock ended since the last sweep counts too: the figures hold to the cent.
    await recordClockEvents(app.db, now);
    return indicatorsAt(app.db, now);
  });
}
