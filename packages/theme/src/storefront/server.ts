import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { renderStorefront, type StorefrontPage } from './render.ts';

/** A running storefront: its port on 127.0.0.1 and its home page's address. */
export interface Storefront {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves a shop's home page rendered from the theme (`renderStorefront`) and the theme's
 * `assets/`, on 127.0.0.1 and `port` (a free one by default). A browser reaches it under any host name mapped to
 * 127.0.0.1 (Chromium's `--host-resolver-rules`), so the same server is the shop's custom domain
 * and its `.myshopify.com` one. The server never keeps the process alive; `close` stops it.
 */
export async function startStorefront(page: StorefrontPage, port = 0): Promise<Storefront> {
  const html = await renderStorefront(page);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://storefront');
    const asset = pathname.startsWith('/assets/')
      ? page.themeFiles.get(`assets/${decodeURIComponent(pathname.slice('/assets/'.length))}`)
      : undefined;
    response.setHeader('Cache-Control', 'no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    } else if (pathname === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    } else if (asset !== undefined) {
      const type = CONTENT_TYPES[path.extname(pathname)] ?? 'application/octet-stream';
      response.writeHead(200, { 'Content-Type': type }).end(asset);
    } else {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Introuvable');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  server.unref();
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
