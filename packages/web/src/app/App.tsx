import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { selectIsAdmin, selectIsAuthenticated } from '@portal/core';
import { useAuthSelector } from './authFlow.ts';
import { NotificationBanner } from './NotificationBanner.tsx';
import { preloadable } from '../ui/preloadable.ts';
import { AppRoutes, isInShell, pageAt } from './routes.tsx';
import { Spinner } from '../ui/Spinner.tsx';

// Visitors never load the shell: it comes with the first authenticated screen.
const Shell = preloadable(() =>
  import('../shell/Shell.tsx').then((module) => ({ default: module.Shell })),
);

/**
 * Fetches what the screen at `path` renders first (its page, and the shell around the
 * application's own screens), so that the first render does not wait behind a fallback.
 */
export function preloadScreen(path: string): Promise<unknown> {
  const page = pageAt(path);
  return Promise.all([page?.preload(), isInShell(path) ? Shell.preload() : undefined]);
}

/**
 * The root view: the application shell around the application's own screens when authenticated,
 * otherwise the bare routed view (public pages never sit in the shell: docs/decisions.md, "Visitor
 * pages and app root"); the notification banner whenever one is held.
 */
export function App() {
  const [location] = useLocation();
  const authenticated = useAuthSelector(selectIsAuthenticated);
  // An admin's session is only on its way to the back office (see RequireAuth).
  const admin = useAuthSelector(selectIsAdmin);
  const inShell = authenticated && !admin && isInShell(location);
  return (
    <>
      {/* In a landmark of its own, so that no content of the page sits outside a landmark. */}
      <nav aria-label="Accès rapide">
        <a href="#main" className="skip-link">
          Aller au contenu
        </a>
      </nav>
      {inShell ? (
        <Suspense fallback={<Spinner label="Chargement…" />}>
          <Shell>
            <AppRoutes />
          </Shell>
        </Suspense>
      ) : (
        <AppRoutes />
      )}
      <NotificationBanner />
    </>
  );
}
