import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { brandName, messages, selectUser } from '@portal/core';
import { useAuthEvents, useAuthSelector } from '../app/authFlow.ts';
import { NotificationBanner } from '../app/NotificationBanner.tsx';
import { Button } from '../ui/Button.tsx';
import { adminNav } from './routes.tsx';
import './admin.css';

const texts = messages.admin.shell;

/** The navigation entry of `location`: the longest entry path it is in (`/admin` holds the rest). */
export function currentNavPath(location: string): string | undefined {
  return adminNav
    .map((entry) => entry.path)
    .filter((path) => location === path || location.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The back office's frame (docs/product.md#back-office): the header with the admin's email and the
 * logout, the navigation of the pages' `nav` entries, the page, the notifications.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const email = useAuthSelector((snapshot) => selectUser(snapshot)?.email ?? '');
  const { logOut } = useAuthEvents();
  const current = currentNavPath(location);
  return (
    <div className="admin">
      <nav aria-label="Accès rapide">
        <a href="#main" className="skip-link">
          Aller au contenu
        </a>
      </nav>
      <header className="admin-header">
        <span className="admin-header__brand">
          {brandName} · {texts.title}
        </span>
        <span className="admin-header__account">
          <span className="visually-hidden">{texts.signedInAs} </span>
          {email}
        </span>
        <Button variant="secondary" onPress={logOut}>
          {texts.logOut}
        </Button>
      </header>
      <nav aria-label={texts.navLabel} className="admin-nav">
        <ul>
          {adminNav.map((entry) => (
            <li key={entry.path}>
              <Link
                href={entry.path}
                className="admin-nav__link"
                aria-current={entry.path === current ? 'page' : undefined}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
      <NotificationBanner />
    </div>
  );
}
