import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

/**
 * Open to everyone, signed in or not: the onboarding machine itself lets only a paid, unused
 * checkout create an account, and without a session the page mails the link again
 * (docs/product.md#onboarding).
 */
export const routes: readonly PageRoute[] = [
  { path: '/onboarding', page: preloadable(() => import('./OnboardingPage.tsx')) },
];
