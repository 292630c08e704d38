import type { AdminRoute } from '../../adminRoute.ts';
import { preloadable } from '../../../ui/preloadable.ts';

/** 'Licences': look licences up and act on them (docs/product.md#back-office-screens). */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/admin/licences',
    page: preloadable(() => import('./LicencesPage.tsx')),
    nav: { label: 'Licences', position: 20 },
  },
];
