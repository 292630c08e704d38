import react from '@vitejs/plugin-react';
import { refuseSharedMocks } from '../../vitest.mocks.ts';

/**
 * The web tests that need modules of their own: they test what a module does as it first loads,
 * replace a module (`vi.mock`, which would leak into the next files), or change the document
 * for the files after them.
 * Every other web test shares its worker's modules (vitest.config.ts).
 */
export const isolatedTests = [
  // react-aria reads no locale as it loads.
  'src/app/Providers.test.tsx',
  // A tab's panel whose code has not come yet.
  'src/pages/dashboard/DashboardPage.panels.test.tsx',
  // The signup's search before its chunk comes (mocks its module).
  'src/pages/signup/EstablishmentSearchPlaceholder.test.tsx',
  // Mock `uplot` and the Stately inspector.
  'src/admin/pages/indicateurs/IndicateursPage.test.tsx',
  'src/app/inspector.test.tsx',
  // Storybook's stories, loaded after another file, left later files' typing lost in happy-dom.
  'src/stories.a11y.test.tsx',
];

refuseSharedMocks(
  new URL('.', import.meta.url),
  'Add to isolatedTests (vitest.shared.ts)',
  isolatedTests,
);

export const webTestConfig = {
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Typing through user-event on a shared 2-core machine is slow; the rules, not speed, are tested.
    testTimeout: 20_000,
  },
};
