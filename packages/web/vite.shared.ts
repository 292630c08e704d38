import type { UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

/**
 * What the merchant app's build (vite.config.ts) and the back office's (vite.admin.config.ts)
 * share: two builds, never one chunk graph (docs/decisions.md, 'The back office's own build').
 */

// In development the API, the auth routes and the sandbox checkout live on the reference server;
// proxying them keeps the browser on one origin, as in production.
export const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://127.0.0.1:3000';

/** Proxies each path prefix to the reference server. */
export function proxyToServer(paths: readonly string[]) {
  return Object.fromEntries(paths.map((path) => [path, { target: serverUrl, changeOrigin: true }]));
}

export const sharedConfig = {
  // The portal speaks French only (docs/product.md): react-aria's strings for the other locales
  // stay out.
  plugins: [react(), optimizeLocales.vite({ locales: ['fr-FR'] })],
  resolve: {
    // wouter and @xstate/react import the pre-React-18 shims of useSyncExternalStore; on React 19
    // their code is dead weight in the shared entry (docs/performance.md, 'What the shared entry
    // carries'): React's own hook, and the selector variant built on it.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: 'react',
      },
    ],
  },
  build: {
    target: 'es2022',
    // Every browser of that target but Safari 16 preloads modules itself; Safari 16 only loads
    // them later. The polyfill was in the first script of every page (docs/decisions.md).
    modulePreload: { polyfill: false },
  },
} satisfies UserConfig;
