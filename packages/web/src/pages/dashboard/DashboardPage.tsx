import { Suspense, useDeferredValue } from 'react';
import { useSearch } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import { preloadMenu } from '../../ui/MenuButton.tsx';
import { usePreloadWhenIdle } from '../../ui/usePreloadWhenIdle.ts';
import { SidebarSection } from '../../shell/SidebarSection.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import {
  dashboardTabs,
  isPanelLoaded,
  panelPreloads,
  perTab,
  tabFromSearch,
} from './dashboardTabs.ts';
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
  ...panelPreloads,
];

/**
 * /dashboard: the tab comes from the URL (`?tab=`), so reload and back/forward keep it. The tabs,
 * 'Upgrade Plan' and the user block go into the shell's one sidebar (see docs/decisions.md, 'One
 * frame'); each panel provides its own flow.
 */
export default function DashboardPage() {
  const tab = tabFromSearch(useSearch());
  // A tab whose code is here is shown at once. One whose code is on its way keeps the current
  // panel until it comes (a deferred render, which does not show the spinner): a spinner shown
  // makes React hold the panel back until 300 ms after it (ui/preloadable.ts).
  const deferredTab = useDeferredValue(tab);
  const shown = isPanelLoaded(tab) ? tab : deferredTab;
  const Panel = panels[shown];
  usePreloadWhenIdle(preloads);
  return (
    <PageMain routeName="Dashboard" bare>
      <SidebarSection>
        <DashboardNavigation tab={tab} />
      </SidebarSection>
      <div className="dashboard">
        <section className="dashboard__panel" aria-labelledby="panel-title" data-tab={shown}>
          <Suspense fallback={<Spinner label="Chargement…" />}>
            <Panel key={shown} />
          </Suspense>
        </section>
      </div>
    </PageMain>
  );
}
