import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

const LandingPage = preloadable(() => import('./LandingPage.tsx'));

/** /pricing is the same page, scrolled to the pricing section. */
export const routes: readonly PageRoute[] = [
  { path: '/', page: LandingPage, prerendered: 'everyone' },
  { path: '/pricing', page: LandingPage, prerendered: 'everyone' },
];
