// Built by scripts/prerender.mjs (`vite build --ssr`): renders a page of the app to static HTML
// the way a first-time visitor's browser would render it before any effect runs.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { documentTitle } from '@portal/core';
import { App } from '../src/app/App.tsx';
import { createAppServices } from '../src/app/createAppServices.ts';
import { Providers } from '../src/app/Providers.tsx';
import { DashboardFrame } from '../src/pages/dashboard/frame/DashboardFrame.tsx';

// The dashboard's frame and its loader (scripts/prerender.mjs) use these.
export { startEarlyCalls } from '../src/app/earlyCalls.ts';
export { frameId } from '../src/app/prerendered.ts';
export { dashboardEarlyCalls } from '../src/pages/dashboard/frame/DashboardFrame.tsx';
// The pages' loader does not wait for a gesture when a session is stored.
export { tokenKeys } from '@portal/core';
// A page carries the default preferences' attributes, which the app then need not set.
export { defaultPreferences } from '@portal/core';
export { appearanceAttributes } from '../src/app/preferences.ts';

/**
 * The browser services, created as main.tsx creates them, over an empty storage (a visitor with
 * no session) and the page's address. `window` exists only while they are created: rendering
 * itself must not need it, as in any server render.
 */
function visitorServices(origin: string, path: string) {
  const stored = new Map<string, string>();
  const visitorWindow = {
    location: { origin, pathname: path },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  const global = globalThis as { window?: unknown };
  global.window = visitorWindow;
  try {
    return createAppServices({ baseUrl: origin });
  } finally {
    delete global.window;
  }
}

export interface PrerenderedPage {
  /** The markup of `#root`. */
  html: string;
  title: string;
}

/**
 * `path` as React 19's static prerender gives it once every lazy route has loaded; `routeName` is
 * the page's (its PageMain's), titled as its effect will title it.
 */
export async function renderPage(
  path: string,
  origin: string,
  routeName: string,
): Promise<PrerenderedPage> {
  const services = visitorServices(origin, path);
  // wouter's ssrPath stands for the browser location; Router renders no element, so the
  // client's tree (no Router) hydrates this markup as is.
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>
        <Providers services={services}>
          <App />
        </Providers>
      </Router>
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), title: documentTitle(routeName) };
}

/** The dashboard's served frame (pages/dashboard/frame/DashboardFrame.tsx), as a visitor renders it. */
export async function renderDashboardFrame(
  origin: string,
  routeName: string,
): Promise<PrerenderedPage> {
  const path = '/dashboard';
  const services = visitorServices(origin, path);
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>
        <Providers services={services}>
          <DashboardFrame />
        </Providers>
      </Router>
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), title: documentTitle(routeName) };
}
