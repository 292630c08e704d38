import type { ComponentType } from 'react';
import type { Preloadable } from '../ui/preloadable.ts';

/**
 * A back-office page folder's routes (`admin/pages/<page>/routes.ts`, exported as `adminRoutes`),
 * found by the back office's router: adding a screen touches its own folder only. The back office
 * is its own build entry (`admin.html`), so none of this reaches a customer's browser
 * (docs/architecture.md, 'The back office').
 */
export interface AdminRoute {
  /** Under `/admin`; parameters as wouter writes them (`/admin/clients/:id`). */
  path: string;
  /** The page, in a chunk of its own (`preloadable(() => import('./XPage.tsx'))`). */
  page: Preloadable<ComponentType>;
  /** Its entry in the back office's navigation, when it has one (lower positions first). */
  nav?: { label: string; position: number } | undefined;
}
