import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  { path: '/terms', page: preloadable(() => import('./TermsPage.tsx')) },
  { path: '/privacy', page: preloadable(() => import('./PrivacyPage.tsx')) },
  { path: '/contact', page: preloadable(() => import('./ContactPage.tsx')) },
];
