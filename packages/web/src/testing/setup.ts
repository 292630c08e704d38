import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library only auto-cleans when test globals are on; they are off in this workspace.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
