import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  { path: '/signup', page: lazy(() => import('./SignupPage.tsx')), access: 'guest' },
];
