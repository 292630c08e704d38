import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  { path: '/signup', page: preloadable(() => import('./SignupPage.tsx')), access: 'guest' },
];
