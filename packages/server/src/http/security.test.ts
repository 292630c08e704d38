import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPrerenderedPages } from './prerendered.ts';
import { securityHeaders } from './security.ts';

const config = {
  publicOrigin: 'http://127.0.0.1:3000',
  allowedRedirectOrigins: [],
  stripeSecretKey: undefined,
};
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true })));

function distWith(pages: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-csp-'));
  folders.push(dist);
  for (const [folder, html] of Object.entries(pages)) {
    mkdirSync(path.join(dist, 'prerendered', folder), { recursive: true });
    writeFileSync(path.join(dist, 'prerendered', folder, 'index.html'), html);
  }
  return dist;
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inline scripts of the prerendered pages', () => {
  it('are allowed by their hash, once each, and no other inline script is', () => {
    const loader = '(function () { console.log("après la peinture"); })()';
    const dist = distWith({
      '.': `<head><script>${loader}</script><script type="module" src="/a.js"></script></head>`,
      pricing: `<head><script>${loader}</script></head>`,
    });
    const { files, inlineScriptHashes: hashes } = readPrerenderedPages(dist);
    expect([...files]).toEqual([
      ['/', 'prerendered/index.html'],
      ['/pricing', 'prerendered/pricing/index.html'],
    ]);
    expect(hashes).toEqual([sha256(loader)]);
    const csp = securityHeaders(config, hashes).document['content-security-policy'];
    expect(csp).toContain(`script-src 'self' '${sha256(loader)}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('a build without prerendered pages allows no inline script', () => {
    expect(readPrerenderedPages(mkdtempSync(path.join(tmpdir(), 'portal-csp-')))).toEqual({
      files: new Map(),
      inlineScriptHashes: [],
    });
    expect(securityHeaders(config).document['content-security-policy']).toContain(
      "script-src 'self';",
    );
  });
});
