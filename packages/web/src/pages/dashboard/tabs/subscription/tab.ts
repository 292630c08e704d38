import { preloadable } from '../../../../ui/preloadable.ts';
import { currentSubscriptionPath } from '../../frame/answers.ts';
import type { DashboardTabDefinition } from '../definition.ts';

/** 'Mon abonnement', reached from 'Upgrade Plan' and the panels' links. */
export const tab = {
  panel: preloadable(() =>
    import('./SubscriptionPanel.tsx').then((module) => ({ default: module.SubscriptionPanel })),
  ),
  sidebar: null,
  earlyCalls: [currentSubscriptionPath],
} satisfies DashboardTabDefinition;
