import { preloadable } from '../../../ui/preloadable.ts';
import type { AdminRoute } from '../../adminRoute.ts';

/** One customer's page, opened from the Clients list (its navigation entry). */
export const adminRoutes: readonly AdminRoute[] = [
  { path: '/admin/clients/:id', page: preloadable(() => import('./CustomerPage.tsx')) },
];
