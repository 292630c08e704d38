import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../ui/Spinner.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import type { PageRoute } from './pageRoutes.ts';

// Every page folder declares its routes; each page is a lazy chunk of its own, so the landing page
// ships none of the other screens' code.
const modules = import.meta.glob<{ routes: readonly PageRoute[] }>('../pages/*/routes.ts', {
  eager: true,
});

/** Every route of the product (docs/product.md#route-table). */
export const pageRoutes: readonly PageRoute[] = Object.values(modules).flatMap(
  (module) => module.routes,
);

const guards = {
  guest: (node: ReactNode) => <GuestOnly>{node}</GuestOnly>,
  authenticated: (node: ReactNode) => <RequireAuth>{node}</RequireAuth>,
};

// Built once: a component created during render would remount the page on every render.
const routed = pageRoutes.map((route) => {
  if ('redirectTo' in route) {
    const to = route.redirectTo;
    return { path: route.path, Routed: () => <Redirect to={to} replace /> };
  }
  const { page: Page, access } = route;
  function RoutedPage() {
    const node = <Page />;
    return (
      <Suspense fallback={<Spinner label="Chargement…" />}>
        {access === undefined ? node : guards[access](node)}
      </Suspense>
    );
  }
  return { path: route.path, Routed: RoutedPage };
});

function routeAt(path: string) {
  return pageRoutes.find((route) => route.path === path);
}

/** The page served at `path`, if any. */
export function pageAt(path: string) {
  const route = routeAt(path);
  return route !== undefined && 'page' in route ? route.page : undefined;
}

/** The application's own screens: the only ones the shell frames for a signed-in customer. */
export function isInShell(path: string): boolean {
  const route = routeAt(path);
  return route !== undefined && 'page' in route && route.inShell === true;
}

/** How the prerendered HTML served at `path` is taken over, if any (see main.tsx). */
export function prerenderedAs(path: string): 'everyone' | 'visitor' | undefined {
  const route = routeAt(path);
  return route !== undefined && 'page' in route ? route.prerendered : undefined;
}

/** Any unknown path leads to /. */
export function AppRoutes() {
  return (
    <Switch>
      {routed.map(({ path, Routed }) => (
        <Route key={path} path={path} component={Routed} />
      ))}
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
