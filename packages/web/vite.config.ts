import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

// In development the API, the auth routes and the sandbox checkout live on the reference server;
// proxying them keeps the browser on one origin, as in production.
const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://127.0.0.1:3000';
// '/auth/refresh' only: /auth/login is a page of the app.
const proxied = ['/api', '/auth/refresh', '/admin', '/customers', '/sandbox'];

export default defineConfig({
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
  server: {
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: serverUrl, changeOrigin: true }]),
    ),
  },
  build: {
    target: 'es2022',
    // Every browser of that target but Safari 16 preloads modules itself; Safari 16 only loads
    // them later. The polyfill was in the first script of every page (docs/decisions.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app, and the dashboard frame's own script, which draws the licences tab before the app
      // (src/pages/dashboard/frame/licencesTab.ts; scripts/prerender.mjs loads it).
      input: ['index.html', 'src/pages/dashboard/frame/drawFrame.ts'],
    },
  },
});
