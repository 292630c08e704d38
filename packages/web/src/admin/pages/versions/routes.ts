import type { AdminRoute } from '../../adminRoute.ts';
import { preloadable } from '../../../ui/preloadable.ts';

/** 'Versions': the theme's releases and the publication of a version. */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/admin/versions',
    page: preloadable(() => import('./VersionsPage.tsx')),
    nav: { label: 'Versions', position: 30 },
  },
];
