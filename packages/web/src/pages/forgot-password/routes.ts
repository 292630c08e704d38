import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/forgot-password',
    page: preloadable(() => import('./ForgotPasswordPage.tsx')),
    access: 'guest',
  },
  {
    path: '/reset-password',
    page: preloadable(() => import('./ResetPasswordPage.tsx')),
    access: 'guest',
  },
];
