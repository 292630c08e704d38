import type { AdminRoute } from '../../adminRoute.ts';
import { preloadable } from '../../../ui/preloadable.ts';

/** 'Indicateurs': subscriptions, MRR and its movements, trials, failed payments, licences. */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/admin/indicateurs',
    page: preloadable(() => import('./IndicateursPage.tsx')),
    nav: { label: 'Indicateurs', position: 40 },
  },
];
