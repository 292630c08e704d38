import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileText, themeFilesOf, type ThemeFiles } from './files.ts';
import { stampLicenceConfig } from './licence-config.ts';
import { latestThemeVersion, themeReleases } from './releases.ts';
import { testSigner, writeTheme } from './testing/keys.ts';

// Theme Check reads Shopify's Liquid docs (filters, objects, tags, JSON schemas). It would
// download the newest ones into the user's cache; a missing download root and an empty cache make
// it use the copy shipped with the pinned package instead, so every machine judges the theme by
// the same rules, with no network (docs/decisions.md, 'Theme').
const docsCache = mkdtempSync(path.join(tmpdir(), 'theme-check-cache-'));
process.env.XDG_CACHE_HOME = docsCache;
process.env.SHOPIFY_TLD_ROOT = path.join(docsCache, 'no-download');
const { themeCheckRun } = await import('@shopify/theme-check-node');

afterAll(() => rmSync(docsCache, { recursive: true, force: true }));

const signer = await testSigner();
const stamp = { portalOrigin: 'https://portal.example', jwks: { keys: [signer.jwk] } };

/** Theme Check's findings on a theme, as `Check (severity) path: message`; and how many files it read. */
async function themeCheck(files: ThemeFiles): Promise<{ read: number; found: string[] }> {
  const theme = writeTheme(files);
  try {
    const run = await themeCheckRun(theme.dir);
    const found = run.offenses.map(
      (offense) =>
        `${offense.check} (severity ${offense.severity}) ${path.relative(theme.dir, new URL(offense.uri).pathname)}: ${offense.message}`,
    );
    return { read: run.theme.length, found };
  } finally {
    theme.remove();
  }
}

/** The files Theme Check reads: Liquid and JSON. */
const checkedFiles = (files: ThemeFiles) =>
  [...files.keys()].filter((filePath) => /\.(liquid|json)$/.test(filePath)).length;

describe('Theme Check (recommended rules)', () => {
  it.each(themeReleases.map((release) => release.version))(
    'finds neither an error nor a warning in version %s, stamped',
    async (version) => {
      const files = stampLicenceConfig(themeFilesOf(version), stamp);
      const { read, found } = await themeCheck(files);
      expect(read).toBe(checkedFiles(files));
      expect(found).toEqual([]);
    },
  );

  it('reports what it should: an unknown filter in a section', async () => {
    const files = new Map(stampLicenceConfig(themeFilesOf(latestThemeVersion), stamp));
    files.set(
      'sections/rich-text.liquid',
      new TextEncoder().encode(
        `${fileText(files, 'sections/rich-text.liquid')}{{ 'x' | no_such_filter }}\n`,
      ),
    );
    const { found } = await themeCheck(files);
    expect(found).toEqual([
      "UnknownFilter (severity 0) sections/rich-text.liquid: Unknown filter 'no_such_filter' used.",
    ]);
  });
});
