import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  {
    path: '/forgot-password',
    page: preloadable(() => import('./ForgotPasswordPage.tsx')),
    access: 'guest',
  },
  // Open signed in too: the link comes from a mail (docs/product.md#forgot-and-reset-password).
  { path: '/reset-password', page: preloadable(() => import('./ResetPasswordPage.tsx')) },
];
