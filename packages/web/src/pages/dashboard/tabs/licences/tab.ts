import { currentSubscriptionPath, licencesPath } from '../../frame/answers.ts';
import type { DashboardTabDefinition } from '../definition.ts';
import { LicencesPanel, preloadLicenceModals, preloadLicenceReport } from './LicencesPanel.tsx';

/** 'Gestion des licences', the default tab: its panel comes with the page. */
export const tab = {
  panel: LicencesPanel,
  sidebar: { label: 'Licences', position: 1 },
  earlyCalls: [licencesPath, currentSubscriptionPath],
  preloads: [preloadLicenceReport, preloadLicenceModals],
} satisfies DashboardTabDefinition;
