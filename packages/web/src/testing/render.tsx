import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/App.tsx';
import { Providers } from '../app/Providers.tsx';
import { createFakeServices, type FakeServicesOptions } from './fakeServices.ts';

export const testOrigin = 'http://portal.test';

export type TestOptions = Omit<FakeServicesOptions, 'origin' | 'path'>;

/** The fake services of one test, started (the test environment tears the DOM down). */
export function createTestServices(options: TestOptions = {}, path = '/') {
  const fake = createFakeServices({ origin: testOrigin, path, ...options });
  fake.start();
  return fake;
}

function mount(ui: ReactElement, path: string, options: TestOptions) {
  const fake = createTestServices(options, path);
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Providers services={fake.services}>{children}</Providers>
    </Router>
  );
  return { ...render(ui, { wrapper }), ...fake, location };
}

/** Renders the whole app (routes, guards, banner) at `path`. */
export function renderApp(path: string, options: TestOptions = {}) {
  return mount(<App />, path, options);
}

/** Renders one page (it provides its own flows) at `path`. */
export function renderPage(ui: ReactElement, path = '/', options: TestOptions = {}) {
  return mount(ui, path, options);
}
