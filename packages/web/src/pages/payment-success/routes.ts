import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

const PaymentSuccessPage = preloadable(() => import('./PaymentSuccessPage.tsx'));

/** /success is the checkout's default return page (built from the site's origin). */
export const routes: readonly PageRoute[] = [
  { path: '/payment/success', page: PaymentSuccessPage },
  { path: '/success', page: PaymentSuccessPage },
];
