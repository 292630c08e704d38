import { preloadable } from '../../ui/preloadable.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

const PaymentCancelPage = preloadable(() => import('./PaymentCancelPage.tsx'));

/** /cancel is the checkout's default cancel page (built from the site's origin). */
export const routes: readonly PageRoute[] = [
  { path: '/payment/cancel', page: PaymentCancelPage },
  { path: '/cancel', page: PaymentCancelPage },
];
