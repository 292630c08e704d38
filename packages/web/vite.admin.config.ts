import { defineConfig, type Plugin } from 'vite';
import { proxyToServer, sharedConfig } from './vite.shared.ts';

/**
 * The back office: a build of its own, after the merchant app's, into the same dist (its files
 * beside the app's, never its chunks: docs/decisions.md, 'The back office's own build'). The
 * merchant manifest (.vite/manifest.json, read by bench/sizes.mjs and scripts/prerender.mjs)
 * stays the app's; this one has its own name.
 */
export const adminManifest = '.vite/admin-manifest.json';

/** In development, /admin and its pages are admin.html, as the server serves them. */
const servePages: Plugin = {
  name: 'portal-admin-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const url = request.url ?? '';
      if (/^\/admin(\/(?!auth\/)[^.]*)?(\?.*)?$/.test(url)) request.url = '/admin.html';
      next();
    });
  },
};

export default defineConfig({
  ...sharedConfig,
  plugins: [...sharedConfig.plugins, servePages],
  server: { proxy: proxyToServer(['/api', '/auth/refresh', '/admin/auth', '/customers']) },
  build: {
    ...sharedConfig.build,
    emptyOutDir: false,
    manifest: adminManifest,
    rolldownOptions: { input: ['admin.html'] },
  },
});
