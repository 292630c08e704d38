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

/** Every route of this package (the payment routes are registered by `buildApp`). */
export async function appRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(customerRoutes);
  await app.register(licenceRoutes);
  await app.register(adminRoutes);
  await app.register(planRoutes);
  await app.register(subscriptionRoutes);
  await app.register(themeRoutes);
  await app.register(placesRoutes);
  await app.register(mailboxRoutes);
}
