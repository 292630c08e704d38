import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/ping.ts';
import type { RouteOf } from '../../http/typed.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/health', 'get'>>('/api/health', async () => {
    await pingDatabase(app.db);
    return { status: 'ok' as const };
  });
}
