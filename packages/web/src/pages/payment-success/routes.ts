import { lazy } from 'react';
import type { PageRoute } from '../../app/pageRoutes.ts';

const PaymentSuccessPage = lazy(() => import('./PaymentSuccessPage.tsx'));

/** /success is the checkout's default return page (built from the site's origin). */
export const routes: readonly PageRoute[] = [
  { path: '/payment/success', page: PaymentSuccessPage },
  { path: '/success', page: PaymentSuccessPage },
];
