import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { BACK_OFFICE_PATH } from '@portal/core';
import { Spinner } from '../ui/Spinner.tsx';
import type { AdminRoute } from './adminRoute.ts';

// Every page folder declares its routes (admin/pages/<page>/routes.ts); each page is a chunk of its
// own, fetched when first shown.
const modules = import.meta.glob<{ adminRoutes: readonly AdminRoute[] }>('./pages/*/routes.ts', {
  eager: true,
});

/** Every route of the back office (docs/product.md#route-table). */
export const adminRoutes: readonly AdminRoute[] = Object.values(modules).flatMap(
  (module) => module.adminRoutes,
);

/** The navigation's entries, in their positions. */
export const adminNav = adminRoutes
  .flatMap((route) => (route.nav === undefined ? [] : [{ path: route.path, ...route.nav }]))
  .sort((a, b) => a.position - b.position);

/** The back office's pages; any unknown path leads to /admin. */
export function AdminRoutes() {
  return (
    <Switch>
      {adminRoutes.map(({ path, page: Page }) => (
        <Route key={path} path={path}>
          <Suspense fallback={<Spinner label="Chargement…" />}>
            <Page />
          </Suspense>
        </Route>
      ))}
      <Route>
        <ToBackOfficeHome />
      </Route>
    </Switch>
  );
}

/** An unknown path leads to /admin (which a page always holds once the Clients page is in). */
function ToBackOfficeHome() {
  const [location] = useLocation();
  return location === BACK_OFFICE_PATH ? null : <Redirect to={BACK_OFFICE_PATH} replace />;
}
