import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/core/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'admin.html'), '<!doctype html><div id="admin-root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  // Behind a proxy (TRUST_PROXY): X-Forwarded-Proto tells when the browser came over https.
  server = await createTestServer({ config: { webDistDir: dist, trustProxy: true } });
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
    for (const url of [
      '/',
      '/dashboard',
      '/payment/success?session_id=x',
      '/onboarding',
      '/auth/login',
    ]) {
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
      ['GET', '/admin/auth/whatever'],
      ['POST', '/dashboard'],
    ] as const) {
      const answer = await server.app.inject({ method, url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it("serves the back office's own document for /admin and its pages, never the app's; its API calls stay API", async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/clients',
      '/admin/clients/abc?q=x',
      '/admin/journal',
    ]) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('id="admin-root"');
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
    // The app's pages never get the back office's document.
    const login = await server.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).not.toContain('admin-root');
    // The admins' auth calls are the API's: a page asked there is 405 or 404 JSON.
    const logout = await server.app.inject({ method: 'GET', url: '/admin/auth/logout' });
    expect(logout.statusCode).toBe(405);
    expect(logout.headers['content-type']).toMatch(/application\/json/);
    const unknown = await server.app.inject({ method: 'GET', url: '/admin/auth/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.http[404] });
    // Another method than GET on a page path is no page.
    const post = await server.app.inject({ method: 'POST', url: '/admin/clients' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
    // A chunk of the back office that is not built is a 404 too.
    const missing = await server.app.inject({ method: 'GET', url: '/admin/logo.png' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 JSON, never the app, for a file that is not built (an icon, an old chunk)', async () => {
    for (const url of [
      '/favicon.ico',
      '/robots.txt',
      '/assets/app-000.js',
      '/assets/app-123.js.map',
      '/dashboard/logo.png?v=2',
    ]) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/application\/json/);
      expect(answer.json(), url).toEqual({ message: messages.http[404] });
    }
    // A dot elsewhere than in the last segment's name is still a page.
    const page = await server.app.inject({ method: 'GET', url: '/onboarding?session_id=cs.1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 405 JSON, never the app, for a known path asked with another method', async () => {
    for (const [method, url, allow] of [
      ['GET', '/auth/refresh', 'POST'],
      ['POST', '/assets/app-123.js', 'GET, HEAD'],
    ] as const) {
      const answer = await server.app.inject({ method, url });
      expect(answer.statusCode, url).toBe(405);
      expect(answer.headers.allow, url).toBe(allow);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('item 15: the security headers on API answers, the app index, the sandbox pages and a stylesheet; HSTS over https', async () => {
    const checkout = await call<{ data: { id: string } }>(
      server,
      'POST',
      '/api/stripe/checkout-sessions',
      {
        body: {
          plan_id: 'scale',
          billingCycle: 'monthly',
          successUrl: 'http://127.0.0.1:3000/onboarding?session_id=%7BCHECKOUT_SESSION_ID%7D',
          cancelUrl: 'http://127.0.0.1:3000/payment/cancel',
        },
      },
    );
    expect(checkout.status).toBe(200);
    // Pages: what they may load, and no inline script but the loader's hash. Everything else:
    // nothing at all.
    const answers = [
      ['GET', '/api/health', 'resource'],
      ['POST', '/api/client/auth/login', 'resource'],
      ['GET', '/', 'document'],
      ['GET', '/dashboard', 'document'],
      ['GET', `/sandbox/checkout/${checkout.body.data.id}`, 'document'],
      ['GET', '/sandbox/portal/bps_sandbox_unknown', 'document'],
      ['GET', '/sandbox/sandbox.css', 'resource'],
    ] as const;
    for (const [method, url, kind] of answers) {
      for (const https of [false, true]) {
        const answer = await server.app.inject({
          method,
          url,
          headers: https ? { 'x-forwarded-proto': 'https' } : {},
        });
        expect(String(answer.headers['content-type']).startsWith('text/html'), url).toBe(
          kind === 'document',
        );
        const csp = String(answer.headers['content-security-policy']);
        const directives = new Map(
          csp.split(';').map((part) => {
            const [name = '', ...values] = part.trim().split(/\s+/);
            return [name, values] as const;
          }),
        );
        if (kind === 'document') {
          expect(directives.get('script-src'), url).toEqual(["'self'"]);
          expect(directives.get('object-src'), url).toEqual(["'none'"]);
          expect(answer.headers['cross-origin-opener-policy'], url).toBe('same-origin');
        } else {
          expect(directives.get('default-src'), url).toEqual(["'none'"]);
          expect(csp, url).not.toMatch(/script-src|object-src/);
        }
        expect(directives.get('base-uri'), url).toEqual(["'none'"]);
        expect(directives.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(csp, url).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
        expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
        expect(answer.headers['x-frame-options'], url).toBe('DENY');
        expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        expect(answer.headers['strict-transport-security'], `${url} https=${https}`).toBe(
          https ? 'max-age=31536000; includeSubDomains' : undefined,
        );
      }
    }
    // The sandbox pages work under that CSP: no inline script, no inline handler.
    const page = await server.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${checkout.body.data.id}`,
    });
    expect(page.body).toContain('<form');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
  });
});
