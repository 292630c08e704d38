import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium against the real product: the global setup builds the web app and
 * the server (`pnpm build`), starts the compiled server with node on a free port with a fresh data
 * folder and stops it afterwards.
 * The port is chosen there and handed to the workers through E2E_BASE_URL.
 */
/** The journeys that publish theme versions (see the 'publishing' project). */
const publishing = /theme-updates\.spec\.ts/;
/** The back office's journey (see the 'back-office' project). */
const backOffice = /admin-screens\.spec\.ts/;
/** Every story of the built Storybook, audited in two shares (see the 'storybook' projects). */
const storybook = /storybook-a11y\.spec\.ts/;
/** The share of the stories audited first; the rest is audited at the end. */
const storiesFirst = 2 / 3;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Journeys are independent (each makes its own customer and licence domains): two workers,
  // one per core, each taking whole files.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two workers share two cores: a journey's budget is twice what one worker alone needed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'fr-FR',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The longest file (the stories) is queued first, so the other worker runs the journeys beside
    // it instead of it running alone; its last share waits for the end (see 'storybook-end').
    {
      name: 'storybook',
      testMatch: storybook,
      metadata: { stories: { from: 0, to: storiesFirst } },
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: [storybook, publishing, backOffice],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The journeys that publish a theme version change the latest release every other journey
    // reads (the licences' notices, the storefront's answers, the Thème tab): they run last.
    {
      name: 'publishing',
      testMatch: publishing,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The back office's journey publishes a version too (run after the others, as above), and
    // reads the indicators before and after its own purchases, cancellation and failed payment:
    // their deltas are exact only when nothing else buys meanwhile, so it runs alone, at the end.
    {
      name: 'back-office',
      testMatch: backOffice,
      dependencies: ['publishing'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The stories' last share fills the other worker while the two projects above run one after
    // the other: it reads nothing of the product, so it may run beside them.
    {
      name: 'storybook-end',
      testMatch: storybook,
      metadata: { stories: { from: storiesFirst, to: 1 } },
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
