import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';

const script = 'console.log("landing");'.repeat(20);
const shell = '<!doctype html><div id="root"></div>';
const page = '<!doctype html><div id="root"><h1>Accueil</h1></div>';
const pricing = '<!doctype html><div id="root"><h2>Tarifs</h2></div>';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-compressed-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'prerendered/pricing'), { recursive: true });
  const write = (file: string, text: string) => {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  };
  write('index.html', shell);
  write('prerendered/index.html', page);
  write('prerendered/pricing/index.html', pricing);
  write('assets/app-123.js', script);
  server = await createTestServer({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app: compressed and prerendered at build time (docs/performance.md)', () => {
  it('sends the brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const get = (url: string, encoding?: string) =>
      server.app.inject({
        method: 'GET',
        url,
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const brotli = await get('/assets/app-123.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    // Shared caches must keep one copy per encoding.
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get('/assets/app-123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // Pages of the app get the compressed app shell too.
    const index = await get('/dashboard', 'br');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(shell);
  });

  it('sends the prerendered landing page for / and /pricing, query or not, the shell elsewhere', async () => {
    const html = async (url: string) => {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['cache-control'], url).not.toMatch(/immutable/);
      return answer.body;
    };
    expect(await html('/')).toBe(page);
    expect(await html('/?utm_source=annonce')).toBe(page);
    expect(await html('/pricing')).toBe(pricing);
    expect(await html('/login')).toBe(shell);
    expect(await html('/pricing/plus')).toBe(shell);
    expect(await html('/prerendered')).toBe(shell);
  });
});
