import { preloadable } from '../../../../ui/preloadable.ts';
import type { DashboardTabDefinition } from '../definition.ts';

/** 'Thèmes disponibles': the theme's download. */
export const tab = {
  panel: preloadable(() =>
    import('./ThemesPanel.tsx').then((module) => ({ default: module.ThemesPanel })),
  ),
  sidebar: { label: 'Thème', position: 2 },
  earlyCalls: [],
} satisfies DashboardTabDefinition;
