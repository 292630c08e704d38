import { Suspense, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import { preloadMenu } from '../../ui/MenuButton.tsx';
import { preloadable } from '../../ui/preloadable.ts';
import { usePreloadWhenIdle } from '../../ui/usePreloadWhenIdle.ts';
import { SidebarSection } from '../../shell/SidebarSection.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DashboardNavigation } from './parts/DashboardNavigation.tsx';
import { LicencesPanel, preloadLicenceModals } from './panels/LicencesPanel.tsx';
import { tabFromSearch, type DashboardTab } from './tabs.ts';
import './dashboard.css';

// A tab's panel in a chunk of its own (docs/performance.md, 'The dashboard's frame'): the first
// screen loads only its own tab's code; once fetched, a tab change does not flash a fallback.
const lazyPanels = {
  themes: preloadable(() =>
    import('./panels/ThemesPanel.tsx').then((module) => ({ default: module.ThemesPanel })),
  ),
  trendtrack: preloadable(() =>
    import('./panels/TrendTrackPanel.tsx').then((module) => ({ default: module.TrendTrackPanel })),
  ),
  profil: preloadable(() =>
    import('./panels/ProfilePanel.tsx').then((module) => ({ default: module.ProfilePanel })),
  ),
  subscription: preloadable(() =>
    import('./panels/SubscriptionPanel.tsx').then((module) => ({
      default: module.SubscriptionPanel,
    })),
  ),
};

/** The default tab comes with the page; the others when idle, or when asked for first. */
const panels: Record<DashboardTab, ComponentType> = {
  licences: LicencesPanel,
  ...lazyPanels,
};

/**
 * Fetched once the first screen is shown, one per idle period: the licence modals', the user
 * menu's and the other tabs' code.
 */
const preloads = [
  preloadLicenceModals,
  preloadMenu,
  ...Object.values(lazyPanels).map((panel) => panel.preload),
];

/**
 * /dashboard: the tab comes from the URL (`?tab=`), so reload and back/forward keep it. The tabs,
 * 'Upgrade Plan' and the user block go into the shell's one sidebar (see docs/decisions.md, 'One
 * frame'); each panel provides its own flow.
 */
export default function DashboardPage() {
  const tab = tabFromSearch(useSearch());
  const Panel = panels[tab];
  usePreloadWhenIdle(preloads);
  return (
    <PageMain routeName="Dashboard" bare>
      <SidebarSection>
        <DashboardNavigation tab={tab} />
      </SidebarSection>
      <div className="dashboard">
        <section className="dashboard__panel" aria-labelledby="panel-title" data-tab={tab}>
          <Suspense fallback={<Spinner label="Chargement…" />}>
            <Panel key={tab} />
          </Suspense>
        </section>
      </div>
    </PageMain>
  );
}
