import type { ComponentType } from 'react';
import { useSearch } from 'wouter';
import { PageMain } from '../../app/PageMain.tsx';
import { SidebarSection } from '../../shell/SidebarSection.tsx';
import { DashboardNavigation } from './parts/DashboardNavigation.tsx';
import { LicencesPanel } from './panels/LicencesPanel.tsx';
import { ProfilePanel } from './panels/ProfilePanel.tsx';
import { SubscriptionPanel } from './panels/SubscriptionPanel.tsx';
import { ThemesPanel } from './panels/ThemesPanel.tsx';
import { TrendTrackPanel } from './panels/TrendTrackPanel.tsx';
import { tabFromSearch, type DashboardTab } from './tabs.ts';
import './dashboard.css';

const panels: Record<DashboardTab, ComponentType> = {
  licences: LicencesPanel,
  themes: ThemesPanel,
  trendtrack: TrendTrackPanel,
  profil: ProfilePanel,
  subscription: SubscriptionPanel,
};

/**
 * /dashboard: the tab comes from the URL (`?tab=`), so reload and back/forward keep it. The tabs,
 * 'Upgrade Plan' and the user block go into the shell's one sidebar (see docs/decisions.md, 'One
 * frame'); each panel provides its own flow.
 */
export default function DashboardPage() {
  const tab = tabFromSearch(useSearch());
  const Panel = panels[tab];
  return (
    <PageMain routeName="Dashboard" bare>
      <SidebarSection>
        <DashboardNavigation tab={tab} />
      </SidebarSection>
      <div className="dashboard">
        <section className="dashboard__panel" aria-labelledby="panel-title" data-tab={tab}>
          <Panel key={tab} />
        </section>
      </div>
    </PageMain>
  );
}
