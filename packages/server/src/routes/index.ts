import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/index.ts';
import { authRoutes } from './auth/index.ts';
import { customerRoutes } from './customers/index.ts';
import { healthRoutes } from './health/index.ts';
import { licenceRoutes } from './licences/index.ts';
import { mailboxRoutes } from './mailbox/index.ts';
import { placesRoutes } from './places/index.ts';
import { planRoutes } from './plans/index.ts';
import { profileRoutes } from './profile/index.ts';
import { subscriptionRoutes } from './subscription/index.ts';
import { themeRoutes } from './theme/index.ts';
import { verifyRoutes } from './verify/index.ts';

/**
 * Every route of this package (the payment routes are registered by `buildApp`). Added to the
 * app itself, not as plugins of their own: Fastify gives each plugin context its own request and
 * reply classes, and the hooks and Fastify code every request runs through slowed down once
 * they had seen a dozen of them (see docs/performance.md, 'What each change bought'). A module's
 * guard is therefore an option of each of its routes, never a plugin-wide hook.
 */
export async function appRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    healthRoutes,
    authRoutes,
    profileRoutes,
    customerRoutes,
    licenceRoutes,
    adminRoutes,
    planRoutes,
    subscriptionRoutes,
    themeRoutes,
    placesRoutes,
    mailboxRoutes,
    verifyRoutes,
  ]) {
    await routes(app);
  }
}
