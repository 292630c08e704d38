import { defineConfig } from 'vite';
import { proxyToServer, sharedConfig } from './vite.shared.ts';

// '/auth/refresh' only: /auth/login is a page of the app. '/admin': the back office is served by
// the server from its own build (CONTRIBUTING.md, 'The back office in development').
const proxied = ['/api', '/auth/refresh', '/admin', '/customers', '/sandbox'];

export default defineConfig({
  ...sharedConfig,
  server: { proxy: proxyToServer(proxied) },
  build: {
    ...sharedConfig.build,
    rolldownOptions: {
      // The app, and the dashboard frame's own script, which draws the licences tab before the app
      // (src/pages/dashboard/frame/licencesTab.ts; scripts/prerender.mjs loads it).
      input: ['index.html', 'src/pages/dashboard/frame/drawFrame.ts'],
    },
  },
});
