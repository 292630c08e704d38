import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/index.ts';

/** Every route of this package (the payment routes are registered by `buildApp`). */
export async function appRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
