import { defineProject } from 'vitest/config';
import { refuseSharedMocks } from '../../vitest.mocks.ts';

// Its files share their worker's modules (below): none may mock one.
refuseSharedMocks(
  new URL('.', import.meta.url),
  "Run them in a project of their own, apart from the server's",
);

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One embedded database per file, copied from the one this setup initialises once.
    globalSetup: ['./src/test/global-setup.ts'],
    // Forks keep the databases' WebAssembly heaps out of Vitest's own process. Each fork runs
    // file after file without reloading the modules (no file mocks one, and each builds its own
    // server on its own database and closes both): 382 → 159 s for this project on this machine
    // (docs/decisions.md, 'Test run time').
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
