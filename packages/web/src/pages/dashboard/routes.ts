import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/dashboard',
    page: preloadable(() => import('./DashboardPage.tsx')),
    access: 'authenticated',
    inShell: true,
  },
];
