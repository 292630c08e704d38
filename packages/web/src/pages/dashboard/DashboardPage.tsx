import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import { SidebarSection } from '../../shell/SidebarSection.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DashboardNavigation } from './parts/DashboardNavigation.tsx';
import { LicencesPanel } from './panels/LicencesPanel.tsx';
import { tabFromSearch, type DashboardTab } from './tabs.ts';
import './dashboard.css';

/**
 * A tab's panel in a chunk of its own (docs/performance.md, 'The dashboard's frame'): the first
 * screen loads only its own tab's code. Once fetched (`preload`), it renders at once: the lazy
 * component is handed a thenable that resolves on the spot, so a tab change does not flash a
 * fallback.
 */
function lazyPanel(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    // A failed fetch (offline) is tried again when the tab is asked for.
    loading ??= load().then(
      (panel) => (loaded = panel),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Panel = lazy(() => {
    const panel = loaded;
    if (panel === null) return preload().then((component) => ({ default: component }));
    return {
      then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: panel }),
    } as Promise<{ default: ComponentType }>;
  });
  return { Panel, preload };
}

const lazyPanels = {
  themes: lazyPanel(() => import('./panels/ThemesPanel.tsx').then((module) => module.ThemesPanel)),
  trendtrack: lazyPanel(() =>
    import('./panels/TrendTrackPanel.tsx').then((module) => module.TrendTrackPanel),
  ),
  profil: lazyPanel(() =>
    import('./panels/ProfilePanel.tsx').then((module) => module.ProfilePanel),
  ),
  subscription: lazyPanel(() =>
    import('./panels/SubscriptionPanel.tsx').then((module) => module.SubscriptionPanel),
  ),
};

/** The default tab comes with the page; the others when idle, or when asked for first. */
const panels: Record<DashboardTab, ComponentType> = {
  licences: LicencesPanel,
  themes: lazyPanels.themes.Panel,
  trendtrack: lazyPanels.trendtrack.Panel,
  profil: lazyPanels.profil.Panel,
  subscription: lazyPanels.subscription.Panel,
};

/**
 * Fetches the licence modals' and the other tabs' code once the first screen is shown, one per idle
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
