import { defineProject } from 'vitest/config';
import { webTestConfig, isolatedTests } from './vitest.shared.ts';

// Each file with modules of its own (Vitest's default isolation): see `isolatedTests`.
export default defineProject({
  ...webTestConfig,
  test: { ...webTestConfig.test, name: 'web-isolated', include: isolatedTests },
});
