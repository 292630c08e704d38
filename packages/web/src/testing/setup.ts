import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor wait for rendering and lazy routes, not for the app's timers: Testing Library's
// 1 s default failed on a busy machine; they still return as soon as the page is ready.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only auto-cleans when test globals are on; they are off in this workspace.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
