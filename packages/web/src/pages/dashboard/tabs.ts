/** docs/product.md#dashboard: the dashboard's tabs; profil and subscription have no sidebar entry. */
export const dashboardTabs = [
  'licences',
  'themes',
  'trendtrack',
  'profil',
  'subscription',
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

export const defaultTab: DashboardTab = 'licences';

/** The tabs listed in the sidebar, with their labels. */
export const sidebarTabs: readonly { id: DashboardTab; label: string }[] = [
  { id: 'licences', label: 'Licences' },
  { id: 'themes', label: 'Thème' },
  { id: 'trendtrack', label: 'TrendTrack' },
];

/** The tab named by the URL's `tab` query; the default for a missing or unknown one. */
export function tabFromSearch(search: string): DashboardTab {
  const tab = new URLSearchParams(search).get('tab');
  return dashboardTabs.find((known) => known === tab) ?? defaultTab;
}

export function tabHref(tab: DashboardTab): string {
  return `/dashboard?tab=${tab}`;
}

/** The plan grid of 'Mon abonnement' ('Upgrade Plan', 'Choisir un plan'): the panel moves to it. */
export const plansSection = 'formules';
export const plansHref = `${tabHref('subscription')}&section=${plansSection}`;

/** Whether the URL asks for the plan grid. */
export function wantsPlans(search: string): boolean {
  return new URLSearchParams(search).get('section') === plansSection;
}
