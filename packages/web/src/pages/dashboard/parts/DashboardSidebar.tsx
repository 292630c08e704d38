import { useEffect, useRef } from 'react';
import { Link } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { initialsOf, messages, selectUser } from '@portal/core';
import { useServices } from '../../../app/services.tsx';
import { MenuButton } from '../../../ui/MenuButton.tsx';
import { sidebarTabs, tabHref, type DashboardTab } from '../tabs.ts';

export interface DashboardSidebarProps {
  tab: DashboardTab;
  isMobile: boolean;
  isOpen: boolean;
  isMenuOpen: boolean;
  onClose: () => void;
  onMenuOpenChange: (open: boolean) => void;
}

export const dashboardSidebarId = 'dashboard-sidebar';

/**
 * Spec 2: the visible tabs, 'Upgrade Plan', the user's initial, first name and email, and the
 * user menu (Profil, Se déconnecter). Under 900 px it is an overlay over the page.
 */
export function DashboardSidebar({
  tab,
  isMobile,
  isOpen,
  isMenuOpen,
  onClose,
  onMenuOpenChange,
}: DashboardSidebarProps) {
  const { auth } = useServices();
  const [, navigate] = useLocation();
  const user = useSelector(auth, selectUser);
  const firstName = user?.first_name || messages.shell.defaultFirstName;
  const ref = useRef<HTMLDivElement>(null);
  const overlay = isMobile && isOpen;

  // The overlay takes focus when it opens, so keyboard users start inside it.
  useEffect(() => {
    if (overlay) ref.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [overlay]);

  // A chosen tab closes the overlay (it would cover the panel).
  const afterChoice = () => {
    if (isMobile) onClose();
  };

  return (
    // Not an <aside>: it sits inside the page's main landmark.
    <div
      ref={ref}
      id={dashboardSidebarId}
      className="dash-sidebar"
      data-open={isOpen || undefined}
      data-overlay={overlay || undefined}
      hidden={!isOpen}
    >
      <nav aria-label="Onglets du tableau de bord">
        <ul className="dash-sidebar__tabs">
          {sidebarTabs.map((entry) => (
            <li key={entry.id}>
              <Link
                href={tabHref(entry.id)}
                className="dash-sidebar__tab"
                aria-current={entry.id === tab ? 'page' : undefined}
                onPress={afterChoice}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link
        href={tabHref('subscription')}
        className="dash-sidebar__upgrade"
        aria-current={tab === 'subscription' ? 'page' : undefined}
        onPress={afterChoice}
      >
        Upgrade Plan
      </Link>
      <div className="dash-sidebar__user">
        <span className="dash-sidebar__avatar" aria-hidden="true">
          {initialsOf({ firstName })}
        </span>
        <span className="dash-sidebar__identity">
          <span className="dash-sidebar__name">{firstName}</span>
          {user?.email ? <span className="dash-sidebar__email">{user.email}</span> : null}
        </span>
        <MenuButton
          label="Menu utilisateur"
          placement="top end"
          isOpen={isMenuOpen}
          onOpenChange={onMenuOpenChange}
          items={[
            { id: 'profil', label: 'Profil' },
            { id: 'logout', label: 'Se déconnecter' },
          ]}
          onAction={(id) => {
            if (id === 'profil') {
              navigate(tabHref('profil'));
              afterChoice();
            } else {
              auth.send({ type: 'auth.logout' });
            }
          }}
        >
          <span aria-hidden="true">⋮</span>
        </MenuButton>
      </div>
    </div>
  );
}
