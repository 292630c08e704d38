import type { ComponentType } from 'react';
import type { Preloadable } from '../../../ui/preloadable.ts';

/**
 * A dashboard tab, declared by its folder (`tabs/<tab>/tab.ts`) and listed once in `tabs/index.ts`
 * (docs/architecture.md, "A dashboard tab"): everything the page, the sidebar and the served
 * frame need to know of it.
 */
export interface DashboardTabDefinition {
  /**
   * Its panel, which provides its own flow: the default tab's comes with the page, every other
   * one in a chunk of its own (`preloadable(() => import('./XPanel.tsx'))`), fetched when idle
   * (docs/performance.md, 'The dashboard's frame').
   */
  panel: ComponentType | Preloadable<ComponentType>;
  /** Its entry in the sidebar, in `position` order; null for a tab reached from elsewhere. */
  sidebar: { label: string; position: number } | null;
  /**
   * The GETs its panel makes first, which the served frame's loader sends before the scripts,
   * beside the customer's (app/earlyCalls.ts).
   */
  earlyCalls: readonly string[];
  /** Code its panel opens later (its modals), fetched when idle after the first screen. */
  preloads?: readonly (() => Promise<unknown>)[];
}
