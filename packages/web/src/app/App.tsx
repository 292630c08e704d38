import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { selectIsAuthenticated } from '@portal/core';
import { NotificationBanner } from './NotificationBanner.tsx';
import { AppRoutes, landingPaths } from './routes.tsx';
import { useServices } from './services.tsx';
import { Spinner } from '../ui/Spinner.tsx';

// Visitors never load the shell: it comes with the first authenticated screen.
const Shell = lazy(() =>
  import('../shell/Shell.tsx').then((module) => ({ default: module.Shell })),
);

/**
 * Spec 2, root view: the shell only when authenticated and not on the landing page, otherwise the
 * bare routed view; the notification banner whenever one is held.
 */
export function App() {
  const { auth } = useServices();
  const [location] = useLocation();
  const authenticated = useSelector(auth, selectIsAuthenticated);
  const inShell = authenticated && !landingPaths.includes(location);
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
