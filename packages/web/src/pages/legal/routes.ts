import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  { path: '/terms', page: lazy(() => import('./TermsPage.tsx')) },
  { path: '/privacy', page: lazy(() => import('./PrivacyPage.tsx')) },
  { path: '/contact', page: lazy(() => import('./ContactPage.tsx')) },
];
