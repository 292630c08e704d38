import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { themeFilesOf } from '../files.ts';
import { startStorefront, type Storefront } from './server.ts';

const themeFiles = themeFilesOf('2.1.0');
let storefront: Storefront | undefined;

afterEach(async () => {
  await storefront?.close();
  storefront = undefined;
});

/** A request to the storefront's port under another host name, as a mapped browser sends it. */
function get(port: number, pathname: string, host: string, method = 'GET') {
  return new Promise<{ status: number; type: string | undefined; body: string }>(
    (resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port, path: pathname, method, headers: { Host: host } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: response.headers['content-type'],
              body,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    },
  );
}

describe('startStorefront', () => {
  it('serves the home page on 127.0.0.1 under any host name', async () => {
    storefront = await startStorefront({
      themeFiles,
      shop: 'boutique-x.myshopify.com',
      role: 'main',
    });
    expect(storefront.url).toBe(`http://127.0.0.1:${storefront.port}/`);
    for (const host of ['www.boutique-x.fr', 'boutique-x.myshopify.com']) {
      const page = await get(storefront.port, '/', `${host}:${storefront.port}`);
      expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
      expect(page.body).toContain('<h1 class="hero__heading">Bienvenue dans notre boutique</h1>');
    }
  });

  it('serves the theme’s assets with their types, and nothing else', async () => {
    storefront = await startStorefront({
      themeFiles,
      shop: 'boutique-x.myshopify.com',
      role: 'main',
    });
    const script = await get(storefront.port, '/assets/theme-licence.js', 'www.boutique-x.fr');
    expect(script.type).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(new TextDecoder().decode(themeFiles.get('assets/theme-licence.js')));
    expect((await get(storefront.port, '/assets/theme.css', 'x')).type).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get(storefront.port, '/assets/nothing.js', 'x')).status).toBe(404);
    expect((await get(storefront.port, '/products/vase', 'x')).status).toBe(404);
    expect((await get(storefront.port, '/', 'x', 'POST')).status).toBe(405);
  });

  it('stops when closed', async () => {
    const running = await startStorefront({
      themeFiles,
      shop: 'boutique-x.myshopify.com',
      role: 'main',
    });
    await running.close();
    await expect(get(running.port, '/', 'x')).rejects.toThrow(/ECONNREFUSED/);
  });
});
