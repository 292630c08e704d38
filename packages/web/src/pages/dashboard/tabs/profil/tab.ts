import { preloadable } from '../../../../ui/preloadable.ts';
import { currentSubscriptionPath } from '../../frame/answers.ts';
import type { DashboardTabDefinition } from '../definition.ts';

/** 'Mon profil', reached from the user menu: the subscription in brief, the details, 'Sécurité'. */
export const tab = {
  panel: preloadable(() =>
    import('./ProfilePanel.tsx').then((module) => ({ default: module.ProfilePanel })),
  ),
  sidebar: null,
  earlyCalls: [currentSubscriptionPath],
} satisfies DashboardTabDefinition;
