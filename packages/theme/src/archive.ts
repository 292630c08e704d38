import { zipSync, type Zippable } from 'fflate';
import { themeFilesOf, type ThemeFiles } from './files.ts';
import { stampLicenceConfig, type LicenceStamp } from './licence-config.ts';

/** A deterministic zip: entries by path, fixed dates and compression, so equal files give equal bytes. */
export function zipTheme(files: ThemeFiles): Uint8Array {
  const entries: Zippable = {};
  for (const filePath of [...files.keys()].sort()) entries[filePath] = files.get(filePath)!;
  // fflate writes the DOS date of each entry from a Date's local-time fields: a date made from
  // local fields now is 2026-01-01 00:00 in every time zone, so the bytes never depend on it.
  return zipSync(entries, { level: 9, mtime: new Date(2026, 0, 1) });
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
