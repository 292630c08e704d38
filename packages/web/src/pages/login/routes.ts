import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/login',
    page: preloadable(() => import('./LoginPage.tsx')),
    access: 'guest',
    prerendered: 'visitor',
  },
  // The signup page's link says /auth/login.
  { path: '/auth/login', redirectTo: '/login' },
];
