import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest 4 reads projects from `test.projects`; each package owns its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'packages/web/vitest.isolated.config.ts'],
    // Vitest keeps one core free by default: a single worker on a 2-core machine, the second
    // core idle while files wait on I/O and child processes (see docs/decisions.md, 'Test run time').
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
