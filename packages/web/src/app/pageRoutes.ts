import type { ComponentType } from 'react';
import type { Preloadable } from '../ui/preloadable.ts';

/**
 * A page folder's routes (`pages/<page>/routes.ts`), found by `app/routes.tsx`: adding a screen
 * touches its own folder only (docs/architecture.md, "How a screen gets its machine").
 */
export type PageRoute =
  | {
      path: string;
      /** The page, in a chunk of its own (`preloadable(() => import('./XPage.tsx'))`). */
      page: Preloadable<ComponentType>;
      /** Guest-only pages send a signed-in customer to /dashboard; the others need an account. */
      access?: 'guest' | 'authenticated' | undefined;
      /** One of the application's own screens, framed by the shell for a signed-in customer. */
      inShell?: boolean | undefined;
      /**
       * A prerendered page: its HTML is hydrated for everyone (`'everyone'`: it renders the same
       * for all) or only for a visitor (`'visitor'`: a stored session renders it anew).
       */
      prerendered?: 'everyone' | 'visitor' | undefined;
    }
  | {
      path: string;
      /** An old address kept: it leads to this path. */
      redirectTo: string;
    };
