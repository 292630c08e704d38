import { defineConfig } from 'tsdown';

// The production build (see docs/decisions.md, 'Production build'): one ES module,
// dist/main.js, run by plain `node`. The server's npm dependencies stay external (PGlite and
// Stripe load files beside their own code); the workspace's `@portal/core/domain` and
// `@portal/theme` are TypeScript source, so they are compiled into the bundle together with the
// dependencies the server does not have itself: valibot (core's) and semver (the theme's; fflate
// is the server's own). The theme's files are read from packages/theme, found from the
// repository root (packages/theme/src/paths.ts).
export default defineConfig({
  // The theme worker (src/releases/theme-jobs.ts) is its own entry, dist/theme-worker.js.
  entry: { main: 'src/main.ts', 'theme-worker': 'src/releases/theme-worker.ts' },
  outDir: 'dist',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  fixedExtension: false,
  hash: false,
  sourcemap: true,
  dts: false,
  deps: {
    alwaysBundle: [/^@portal\/(core|theme)(\/|$)/],
    onlyBundle: ['valibot', 'semver'],
  },
});
