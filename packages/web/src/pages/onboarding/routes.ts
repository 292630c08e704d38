import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

export const routes: readonly PageRoute[] = [
  { path: '/onboarding', page: lazy(() => import('./OnboardingPage.tsx')) },
];
