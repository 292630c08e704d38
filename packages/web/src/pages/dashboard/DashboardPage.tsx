import { Suspense } from 'react';
import { useSearch } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import { preloadMenu } from '../../ui/MenuButton.tsx';
import { usePreloadWhenIdle } from '../../ui/usePreloadWhenIdle.ts';
import { SidebarSection } from '../../shell/SidebarSection.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { dashboardTabs, perTab, tabFromSearch } from './dashboardTabs.ts';
import { DashboardNavigation } from './parts/DashboardNavigation.tsx';
import './dashboard.css';

// Each tab's panel, from its folder (tabs/index.ts): the default tab's comes with the page, the
// others in chunks of their own (docs/performance.md, 'The dashboard's frame'); once fetched, a
// tab change does not flash a fallback.
const panels = perTab((tab) => tab.panel);

/**
 * Fetched once the first screen is shown, one per idle period: what the tabs open later (the
 * licence modals), the user menu's code, then the other tabs' panels.
 */
const preloads = [
  ...Object.values(dashboardTabs).flatMap((tab) => tab.preloads ?? []),
  preloadMenu,
  ...Object.values(panels).flatMap((panel) => ('preload' in panel ? [panel.preload] : [])),
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
