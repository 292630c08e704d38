import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/login',
    page: lazy(() => import('./LoginPage.tsx')),
    access: 'guest',
    prerendered: 'visitor',
  },
  // The signup page's link says /auth/login.
  { path: '/auth/login', redirectTo: '/login' },
];
