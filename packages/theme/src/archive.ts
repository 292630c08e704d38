import { zipSync, type Zippable } from 'fflate';
import { themeFilesOf, type ThemeFiles } from './files.ts';
import { stampLicenceConfig, type LicenceStamp } from './licence-config.ts';

/**
 * Every entry's date. fflate writes a zip's DOS dates from the local-time fields of a `Date`, so
 * this one is built from local fields: the same archive bytes in every time zone.
 */
const ENTRY_DATE = new Date(2026, 0, 1, 0, 0, 0);

/** A deterministic zip: entries by path, fixed dates and compression, so equal files give equal bytes. */
export function zipTheme(files: ThemeFiles): Uint8Array {
  const entries: Zippable = {};
  for (const filePath of [...files.keys()].sort()) entries[filePath] = files.get(filePath)!;
  return zipSync(entries, { level: 9, mtime: ENTRY_DATE });
}

/** The download's file name for a version: `theme-boutique-2.1.0.zip`. */
export function themeArchiveFilename(version: string): string {
  return `theme-boutique-${version}.zip`;
}

/** The archive of `version` for a portal: its files, the licence configuration, zipped. */
export function buildThemeArchive(
  version: string,
  stamp: LicenceStamp,
  sourceDir?: string,
): Uint8Array {
  return zipTheme(stampLicenceConfig(themeFilesOf(version, sourceDir), stamp));
}
