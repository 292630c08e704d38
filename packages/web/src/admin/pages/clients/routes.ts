import { messages } from '@portal/core';
import { preloadable } from '../../../ui/preloadable.ts';
import type { AdminRoute } from '../../adminRoute.ts';

const ClientsPage = preloadable(() => import('./ClientsPage.tsx'));

/** The back office opens on its Clients (docs/product.md#back-office). */
export const adminRoutes: readonly AdminRoute[] = [
  { path: '/admin', page: ClientsPage, nav: { label: messages.admin.clients.title, position: 10 } },
  { path: '/admin/clients', page: ClientsPage },
];
