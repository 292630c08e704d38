import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One embedded database per file; forks keep each file's WebAssembly heap apart.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
