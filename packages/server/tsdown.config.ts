import { defineConfig } from 'tsdown';

// The production build (see docs/decisions.md, 'Production build'): one ES module,
// dist/main.js, run by plain `node`. The server's npm dependencies stay external (PGlite and
// Stripe load files beside their own code); the workspace's `@portal/core/domain` is TypeScript
// source, so it is compiled into the bundle together with valibot, its one dependency.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  outDir: 'dist',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  fixedExtension: false,
  hash: false,
  sourcemap: true,
  dts: false,
  deps: {
    alwaysBundle: [/^@portal\/core(\/|$)/],
    onlyBundle: ['valibot'],
  },
});
