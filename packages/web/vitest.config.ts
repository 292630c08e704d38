import { defineProject } from 'vitest/config';
import { webTestConfig, isolatedTests } from './vitest.shared.ts';

// Files run one after another in a worker without reloading the modules: React, react-aria,
// XState and the app load once per worker, not once per file (docs/decisions.md, 'Test run
// time'). The files that need modules of their own are `web-isolated` (vitest.isolated.config.ts).
export default defineProject({
  ...webTestConfig,
  test: { ...webTestConfig.test, name: 'web', exclude: isolatedTests, isolate: false },
});
