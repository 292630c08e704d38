import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  exportedThemeVersion,
  mergeThemeUpdate,
  parseThemeJsonFiles,
  rootedTheme,
  stampLicenceConfig,
  ThemeMergeError,
  zipTheme,
  type LicenceStamp,
  type MergeReport,
  type ThemeFiles,
} from '@portal/theme';
import { readZip, UploadRefusal } from './archive-reader.ts';

/**
 * What the theme worker does (theme-worker.ts runs these off the event loop): read an uploaded
 * theme, merge an update, check and stamp a release. Pure but for Theme Check's temporary
 * folder, removed whatever happens.
 */

export type ThemeJob =
  | { kind: 'read-theme'; archive: Uint8Array }
  | { kind: 'merge'; theirs: Uint8Array; base: Uint8Array; next: Uint8Array }
  | { kind: 'prepare-release'; archive: Uint8Array; version: string; stamp: LicenceStamp };

export interface ThemeJobResults {
  'read-theme': { version: string };
  merge: { archive: Uint8Array; report: MergeReport };
  'prepare-release': { archive: Uint8Array; sha256: string };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An uploaded theme: its files, at the archive's root, every JSON file readable, and its version. */
function uploadedTheme(archive: Uint8Array): { files: ThemeFiles; version: string } {
  try {
    const files = rootedTheme(readZip(archive));
    return { files, version: exportedThemeVersion(parseThemeJsonFiles(files)) };
  } catch (error) {
    if (error instanceof ThemeMergeError) throw new UploadRefusal(error.code, error.file);
    throw error;
  }
}

/** The folders of a Shopify theme: all Theme Check reads (a `.theme-check.yml` is left out). */
const themeFolders = /^(assets|blocks|config|layout|locales|sections|snippets|templates)\//;

/** Theme Check's errors (severity 0) on a theme, as `file: message`. */
async function themeCheckErrors(files: ThemeFiles): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'theme-release-'));
  try {
    // Shopify's Liquid docs from the pinned package, never downloaded (as packages/theme's tests).
    process.env.XDG_CACHE_HOME = path.join(dir, 'cache');
    process.env.SHOPIFY_TLD_ROOT = path.join(dir, 'no-download');
    const root = path.join(dir, 'theme');
    for (const [file, bytes] of files) {
      if (!themeFolders.test(file)) continue;
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), bytes);
    }
    const { themeCheckRun } = await import('@shopify/theme-check-node');
    const run = await themeCheckRun(root, undefined, () => {});
    return run.offenses
      .filter((offense) => offense.severity === 0)
      .map((offense) => `${path.relative(root, new URL(offense.uri).pathname)}: ${offense.message}`)
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runThemeJob(job: ThemeJob): Promise<ThemeJobResults[ThemeJob['kind']]> {
  switch (job.kind) {
    case 'read-theme':
      return { version: uploadedTheme(job.archive).version };
    case 'merge': {
      const { files } = uploadedTheme(job.theirs);
      const merged = mergeThemeUpdate({
        base: readZip(job.base),
        theirs: files,
        next: readZip(job.next),
      });
      return { archive: zipTheme(merged.files), report: merged.report };
    }
    case 'prepare-release': {
      const { files, version } = uploadedTheme(job.archive);
      if (version !== job.version) throw new UploadRefusal('version-mismatch', version);
      const errors = await themeCheckErrors(files);
      if (errors.length > 0)
        throw new UploadRefusal('theme-check', `${errors.length}\n${errors[0]}`);
      const archive = zipTheme(stampLicenceConfig(files, job.stamp));
      return { archive, sha256: sha256Of(archive) };
    }
  }
}
