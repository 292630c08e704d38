import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AuthUser, Credentials, LoginResult, PortalClient } from '@portal/core';
import { App } from '../app/App.tsx';
import { createFakeServices, fakeClient as fakeClientAt } from '../app/fakeServices.ts';
import { Providers } from '../app/Providers.tsx';
import type { AppServices, ScreenMachines } from '../app/services.tsx';

export const testOrigin = 'http://portal.test';

/** A client whose every call answers through `respond` (default: 404). */
export function fakeClient(
  respond?: (request: Request) => Response | Promise<Response>,
): PortalClient {
  return fakeClientAt(testOrigin, respond);
}

export const demoUser: AuthUser = {
  _id: 'c1',
  email: 'demo@theme-portal.test',
  first_name: 'Marie',
  last_name: 'Curie',
} as AuthUser;

export interface TestServiceOptions {
  logIn?: (credentials: Credentials) => Promise<LoginResult>;
  authenticated?: boolean;
  machines?: Partial<ScreenMachines>;
  client?: PortalClient;
}

/**
 * The app's services with the real core machines provided fake actors: what a page renders is
 * exactly what those machines decide.
 */
export function createTestServices(options: TestServiceOptions = {}) {
  const navigated: string[] = [];
  const redirected: string[] = [];
  const fake = createFakeServices({
    origin: testOrigin,
    user: options.authenticated === true ? demoUser : null,
    sessionUser: demoUser,
    logIn: options.logIn,
    client: options.client,
    navigate: (to) => navigated.push(to),
    redirect: (url) => redirected.push(url),
  });
  fake.notifications.start();
  fake.auth.start();
  const services: AppServices = {
    ...fake,
    machines: { ...fake.machines, ...options.machines },
  };
  return { services, navigated, redirected };
}

/** Renders the whole app (routes, guards, banner) at `path` in memory. */
export function renderApp(path: string, services: AppServices) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Providers services={services}>
        <App />
      </Providers>
    </Router>,
  );
  return { ...view, location };
}

/** Renders one page inside the providers, at `path`. */
export function renderPage(ui: ReactElement, services: AppServices, path = '/') {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Providers services={services}>{children}</Providers>
    </Router>
  );
  return { ...render(ui, { wrapper }), location };
}
