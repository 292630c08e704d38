import type { FastifyInstance } from 'fastify';
import type { RouteOf } from '../../http/typed.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/health', 'get'>>('/api/health', async () => {
    await app.db.query('SELECT 1');
    return { status: 'ok' as const };
  });
}
