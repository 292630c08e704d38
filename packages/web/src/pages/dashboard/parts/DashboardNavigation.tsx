import { shallowEqual } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useLocation } from 'wouter';
import { selectIsMenuOpen, selectIsOverlayVisible, selectUserIdentity } from '@portal/core';
import { useAuthEvents, useAuthSelector } from '../../../app/authFlow.ts';
import { useSidebarEvents, useSidebarSelector } from '../../../shell/sidebarFlow.ts';
import { MenuButton } from '../../../ui/MenuButton.tsx';
import { usePreloadWhenIdle } from '../../../ui/usePreloadWhenIdle.ts';
import { navigationOf, panelPreloads, preloadPanel } from '../dashboardTabs.ts';
import { tabHref, type DashboardTab } from '../tabs.ts';

const noPreloads: readonly (() => Promise<unknown>)[] = [];
/** How long each panel's preload may wait for an idle period once the overlay is open. */
const soonMs = 100;

/**
 * docs/product.md#dashboard-sidebar, the dashboard's part of the frame's sidebar: the visible tabs, 'Upgrade Plan', and the
 * user block (initial, first name, email) with its menu (Profil, Se déconnecter).
 */
export function DashboardNavigation({ tab }: { tab: DashboardTab }) {
  const [, navigate] = useLocation();
  const identity = useAuthSelector(selectUserIdentity, shallowEqual);
  const { logOut } = useAuthEvents();
  const isMenuOpen = useSidebarSelector(selectIsMenuOpen);
  // A choice closes the mobile overlay (it would cover the panel).
  const { chosen, setMenuOpen } = useSidebarEvents();
  const navigation = navigationOf(tab);
  // On a phone the tabs are behind the overlay: its opening announces a tab change, so the panels'
  // code comes then, one by one and soon; elsewhere a link's hover or press fetches its own
  // (dashboardTabs.ts).
  const overlayOpen = useSidebarSelector(selectIsOverlayVisible);
  usePreloadWhenIdle(overlayOpen ? panelPreloads : noPreloads, soonMs);

  return (
    <div className="dash-nav">
      <nav aria-label="Onglets du tableau de bord">
        <ul className="dash-nav__tabs">
          {navigation.tabs.map((entry) => (
            <li key={entry.href}>
              <Link
                href={entry.href}
                className="dash-nav__tab"
                aria-current={entry.current ? 'page' : undefined}
                onHoverStart={() => void preloadPanel(entry.tab)}
                onPressStart={() => void preloadPanel(entry.tab)}
                onPress={chosen}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* To the plan grid of 'Mon abonnement', whatever the subscription (docs/product.md#dashboard-sidebar). */}
      <Link
        href={navigation.upgrade.href}
        className="dash-nav__upgrade"
        aria-current={navigation.upgrade.current ? 'page' : undefined}
        onHoverStart={() => void preloadPanel(navigation.upgrade.tab)}
        onPressStart={() => void preloadPanel(navigation.upgrade.tab)}
        onPress={chosen}
      >
        Upgrade Plan
      </Link>
      <div className="dash-nav__user">
        <span className="dash-nav__avatar" aria-hidden="true">
          {identity.initial}
        </span>
        <span className="dash-nav__identity">
          <span className="dash-nav__name">{identity.firstName}</span>
          {identity.email !== null ? (
            <span className="dash-nav__email">{identity.email}</span>
          ) : null}
        </span>
        <MenuButton
          label="Menu utilisateur"
          placement="top end"
          isOpen={isMenuOpen}
          onOpenChange={setMenuOpen}
          items={[
            { id: 'profil', label: 'Profil' },
            { id: 'logout', label: 'Se déconnecter' },
          ]}
          onAction={(id) => {
            if (id === 'profil') {
              navigate(tabHref('profil'));
              chosen();
            } else {
              logOut();
            }
          }}
        >
          <span aria-hidden="true">⋮</span>
        </MenuButton>
      </div>
    </div>
  );
}
