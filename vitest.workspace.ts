import { defineConfig } from 'vitest/config';

// Vitest 4 reads projects from `test.projects`; each package owns its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
  },
});
