import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property and model-based tests are CPU-bound: on a shared 2-core machine the default
    // 5 s cut some off while they were still passing. Time is simulated wherever a rule depends
    // on it (SimulatedClock, fake timers), so this limit only guards against a hang.
    testTimeout: 30_000,
  },
});
