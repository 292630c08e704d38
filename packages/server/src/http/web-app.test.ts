import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  server = await createTestServer({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves its files and the index for every page of the app', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard', '/payment/success?session_id=x', '/onboarding']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.body).toContain('id="root"');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('keeps answering 404 JSON for unknown API paths and non-GET calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/admin/whatever'],
      ['POST', '/dashboard'],
    ] as const) {
      const answer = await server.app.inject({ method, url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
