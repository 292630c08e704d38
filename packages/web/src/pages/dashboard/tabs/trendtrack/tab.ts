import { preloadable } from '../../../../ui/preloadable.ts';
import type { DashboardTabDefinition } from '../definition.ts';

/** 'TrendTrack': the partner's offer. */
export const tab = {
  panel: preloadable(() =>
    import('./TrendTrackPanel.tsx').then((module) => ({ default: module.TrendTrackPanel })),
  ),
  sidebar: { label: 'TrendTrack', position: 3 },
  earlyCalls: [],
} satisfies DashboardTabDefinition;
