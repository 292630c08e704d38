import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'theme',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Theme Check of every version and the archive builds read and write real files; on a busy
    // 2-core machine that is seconds, and this limit only guards against a hang.
    testTimeout: 30_000,
  },
});
