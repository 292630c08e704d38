import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../auth/guards.ts';
import type { RouteFolder } from '../folders.ts';
import { adminCustomerRoutes } from './customers.ts';
import { adminIndicatorRoutes } from './indicators.ts';
import { adminJournalRoutes } from './journal.ts';
import { adminLicenceRoutes } from './licences.ts';
import { themeReleaseRoutes } from './theme-releases.ts';

/** The back office's calls (docs/product.md#back-office) and the theme's releases. */
async function adminRoutes(app: FastifyInstance): Promise<void> {
  await adminCustomerRoutes(app);
  await adminLicenceRoutes(app);
  await adminJournalRoutes(app);
  await adminIndicatorRoutes(app);
  await themeReleaseRoutes(app);
}

/** Every `/api/admin/*` path: an admin token only (a customer token gets 403). */
export const adminFolder: RouteFolder = {
  guard: { under: ['/api/admin'], hook: requireAdmin },
  routes: adminRoutes,
};
