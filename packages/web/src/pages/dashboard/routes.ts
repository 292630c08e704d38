import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/dashboard',
    page: lazy(() => import('./DashboardPage.tsx')),
    access: 'authenticated',
    inShell: true,
  },
];
