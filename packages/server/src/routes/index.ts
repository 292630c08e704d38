import type { FastifyInstance } from 'fastify';
import { adminFolder } from './admin/index.ts';
import { authRoutes } from './auth/index.ts';
import { customersFolder } from './customers/index.ts';
import { guardFolders, type RouteFolder } from './folders.ts';
import { healthRoutes } from './health/index.ts';
import { licencesFolder } from './licences/index.ts';
import { mailboxRoutes } from './mailbox/index.ts';
import { onboardingFolder } from './onboarding/index.ts';
import { paymentsFolder } from './payments/index.ts';
import { placesRoutes } from './places/index.ts';
import { planRoutes } from './plans/index.ts';
import { profileRoutes } from './profile/index.ts';
import { subscriptionFolder } from './subscription/index.ts';
import { themeFolder } from './theme/index.ts';
import { verifyRoutes } from './verify/index.ts';

/** One folder per family of paths (docs/architecture.md, 'packages/server/src'). */
const folders: readonly RouteFolder[] = [
  { routes: healthRoutes },
  { routes: authRoutes },
  { routes: profileRoutes },
  customersFolder,
  licencesFolder,
  adminFolder,
  { routes: planRoutes },
  subscriptionFolder,
  themeFolder,
  { routes: placesRoutes },
  { routes: mailboxRoutes },
  onboardingFolder,
  paymentsFolder,
  { routes: verifyRoutes },
];

/**
 * Every route of this package, added to the app itself, not as plugins of their own: Fastify
 * gives each plugin context its own request and reply classes, and the hooks and Fastify code
 * every request runs through slowed down once they had seen a dozen of them (see
 * docs/performance.md, 'What each change bought'). A folder's guard is therefore put on each
 * of its routes as they are added (`guardFolders`), never a plugin-wide hook.
 */
export async function appRoutes(app: FastifyInstance): Promise<void> {
  guardFolders(app, folders);
  for (const folder of folders) await folder.routes(app);
}
