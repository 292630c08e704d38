import { useEffect, useRef, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import { useInspectedMachine } from '../../app/useInspectedMachine.ts';
import {
  selectIsMenuOpen,
  selectIsMobile,
  selectIsOverlayVisible,
  selectIsSidebarOpen,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDashboardMachines } from './dashboardMachines.tsx';
import { DashboardSidebar, dashboardSidebarId } from './parts/DashboardSidebar.tsx';
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
 * /dashboard: the tab comes from the URL (`?tab=`), so reload and back/forward keep it; the
 * sidebar's layout (desktop, mobile overlay) and user menu come from core's sidebar machine.
 */
export default function DashboardPage() {
  const tab = tabFromSearch(useSearch());
  const machines = useDashboardMachines();
  const [sidebar, sendSidebar] = useInspectedMachine(machines.sidebar, {
    input: { viewportWidth: window.innerWidth },
  });

  useEffect(() => {
    const onResize = () => sendSidebar({ type: 'viewport.resize', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [sendSidebar]);

  const isOpen = selectIsSidebarOpen(sidebar);
  const isMobile = selectIsMobile(sidebar);
  const overlay = selectIsOverlayVisible(sidebar);
  // The toolbar holds the toggle (the design system's Button takes no ref).
  const toolbarRef = useRef<HTMLDivElement>(null);
  const Panel = panels[tab];
  const close = () => sendSidebar({ type: 'sidebar.close' });

  // Escape closes the mobile overlay and gives focus back to the button that opened it.
  useEffect(() => {
    if (!overlay) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      sendSidebar({ type: 'sidebar.close' });
      toolbarRef.current?.querySelector('button')?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [overlay, sendSidebar]);

  return (
    <PageMain routeName="Dashboard" bare>
      <div className="dashboard" data-mobile={isMobile || undefined}>
        <DashboardSidebar
          tab={tab}
          isMobile={isMobile}
          isOpen={isOpen}
          isMenuOpen={selectIsMenuOpen(sidebar)}
          onClose={close}
          onMenuOpenChange={(open) => sendSidebar({ type: open ? 'menu.toggle' : 'menu.close' })}
        />
        {overlay ? (
          <div className="dashboard__backdrop" aria-hidden="true" onClick={close} />
        ) : null}
        <div className="dashboard__content">
          <div className="dashboard__toolbar" ref={toolbarRef}>
            <Button
              variant="secondary"
              aria-expanded={isOpen}
              aria-controls={dashboardSidebarId}
              onPress={() => sendSidebar({ type: 'sidebar.toggle' })}
            >
              {isOpen ? 'Masquer le menu' : 'Afficher le menu'}
            </Button>
          </div>
          <section className="dashboard__panel" aria-labelledby="panel-title" data-tab={tab}>
            <Panel key={tab} />
          </section>
        </div>
      </div>
    </PageMain>
  );
}
