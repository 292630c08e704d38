import { Suspense, useEffect, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import { preloadMenu } from '../../ui/MenuButton.tsx';
import { preloadable } from '../../ui/preloadable.ts';
import { SidebarSection } from '../../shell/SidebarSection.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DashboardNavigation } from './parts/DashboardNavigation.tsx';
import { LicencesPanel } from './panels/LicencesPanel.tsx';
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
 * Fetches the licence modals', the user menu's and the other tabs' code once the first screen is shown, one per idle
 * period: each import adds its chunks' links, and all at once made a long task (docs/performance.md:
 * TBT).
 */
function usePreloadedPanels() {
  useEffect(() => {
    const idle = (task: () => void): (() => void) => {
      if (typeof window.requestIdleCallback !== 'function') {
        const timer = setTimeout(task, 1000);
        return () => clearTimeout(timer);
      }
      const handle = window.requestIdleCallback(task);
      return () => window.cancelIdleCallback(handle);
    };
    const queue = [
      () => import('./parts/LicenceModals.tsx'),
      preloadMenu,
      ...Object.values(lazyPanels).map((panel) => panel.preload),
    ];
    let stopped = false;
    let cancel = () => {};
    const next = () => {
      const preload = queue.shift();
      if (preload === undefined) return;
      preload().then(
        () => {
          if (!stopped) cancel = idle(next);
        },
        // Offline: the panels are fetched when asked for instead.
        () => undefined,
      );
    };
    cancel = idle(next);
    return () => {
      stopped = true;
      cancel();
    };
  }, []);
}

/**
 * /dashboard: the tab comes from the URL (`?tab=`), so reload and back/forward keep it. The tabs,
 * 'Upgrade Plan' and the user block go into the shell's one sidebar (see docs/decisions.md, 'One
 * frame'); each panel provides its own flow.
 */
export default function DashboardPage() {
  const tab = tabFromSearch(useSearch());
  const Panel = panels[tab];
  usePreloadedPanels();
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
