import { defineProject } from 'vitest/config';
import { refuseSharedMocks } from '../../vitest.mocks.ts';

// Its files share their worker's modules (below): none may mock one.
refuseSharedMocks(
  new URL('.', import.meta.url),
  "Run them in a project of their own, apart from core's",
);

export default defineProject({
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property and model-based tests are CPU-bound: on a shared 2-core machine the default
    // 5 s cut some off while they were still passing. Time is simulated wherever a rule depends
    // on it (SimulatedClock, fake timers), so this limit only guards against a hang.
    testTimeout: 30_000,
    // Files run one after another in a worker without reloading the modules: none mocks one, and
    // core keeps no state between calls (its clock, storage and fetch are injected). 46 → 22 s
    // for this project, passing in shuffled orders too (docs/decisions.md, 'Test run time').
    isolate: false,
  },
});
