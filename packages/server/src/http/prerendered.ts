import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface PrerenderedPages {
  /** Page path -> its file in the build (`prerendered/<page>/index.html`). */
  files: Map<string, string>;
  /**
   * The CSP sources of the pages' inline scripts (docs/performance.md: the loader that adds the
   * hydration scripts after the first paint), from the very files the server sends.
   */
  inlineScriptHashes: string[];
}

/** The pages the web build prerendered, read once at start; none when there is no build. */
export function readPrerenderedPages(webDistDir: string): PrerenderedPages {
  const files = new Map<string, string>();
  const hashes = new Set<string>();
  const root = path.join(webDistDir, 'prerendered');
  if (!existsSync(root)) return { files, inlineScriptHashes: [] };
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(file) !== 'index.html') continue;
    const folder = path.dirname(file).split(path.sep).join('/');
    files.set(folder === '.' ? '/' : `/${folder}`, `prerendered/${file.split(path.sep).join('/')}`);
    const html = readFileSync(path.join(root, file), 'utf8');
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}`,
      );
    }
  }
  return { files, inlineScriptHashes: [...hashes] };
}
