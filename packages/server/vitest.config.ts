import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One embedded database per file, copied from the one this setup initialises once.
    globalSetup: ['./src/test/global-setup.ts'],
    // Forks keep each file's WebAssembly heap apart.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
