import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/forgot-password',
    page: lazy(() => import('./ForgotPasswordPage.tsx')),
    access: 'guest',
  },
  { path: '/reset-password', page: lazy(() => import('./ResetPasswordPage.tsx')), access: 'guest' },
];
