import { messages } from '@portal/core';
import { preloadable } from '../../../ui/preloadable.ts';
import type { AdminRoute } from '../../adminRoute.ts';

export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/admin/journal',
    page: preloadable(() => import('./JournalPage.tsx')),
    nav: { label: messages.admin.journal.title, position: 90 },
  },
];
