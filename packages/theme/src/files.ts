import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { themePackageDir } from './paths.ts';
import { themeRelease, themeReleases } from './releases.ts';

/** A theme as files: path inside the theme (`sections/hero.liquid`) to bytes, sorted by path. */
export type ThemeFiles = ReadonlyMap<string, Uint8Array>;

/** The file that holds `theme_info` (and the theme's settings). */
export const SETTINGS_SCHEMA_PATH = 'config/settings_schema.json';
/** In an overlay, the paths (one a line) of the files that the older version did not have. */
export const REMOVED_LIST = 'removed.txt';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function textFile(text: string): Uint8Array {
  return encoder.encode(text);
}

export function fileText(files: ThemeFiles, filePath: string): string {
  const bytes = files.get(filePath);
  if (bytes === undefined) throw new Error(`the theme has no ${filePath}`);
  return decoder.decode(bytes);
}

/** Every file under `dir`, by its path relative to `dir` with `/` separators. */
function readTree(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(
      path.relative(dir, absolute).split(path.sep).join('/'),
      new Uint8Array(readFileSync(absolute)),
    );
  }
  return files;
}

/** The release after `version` turned into `version`: its overlay's files, less the removed ones. */
function applyOverlay(files: Map<string, Uint8Array>, overlayDir: string, version: string): void {
  if (!existsSync(overlayDir)) throw new Error(`${version} has no overlay folder ${overlayDir}`);
  for (const [filePath, bytes] of readTree(overlayDir)) {
    if (filePath !== REMOVED_LIST) files.set(filePath, bytes);
  }
  const removedList = path.join(overlayDir, REMOVED_LIST);
  if (!existsSync(removedList)) return;
  for (const line of readFileSync(removedList, 'utf8').split('\n')) {
    const removed = line.trim();
    if (removed === '') continue;
    if (!files.delete(removed))
      throw new Error(`${version} removes ${removed}, which is not there`);
  }
}

/** `config/settings_schema.json` with `theme_info.theme_version` set to `version`. */
function stampVersion(files: Map<string, Uint8Array>, version: string): void {
  const schema: unknown = JSON.parse(fileText(files, SETTINGS_SCHEMA_PATH));
  const info = Array.isArray(schema) ? (schema[0] as Record<string, unknown>) : undefined;
  if (info?.name !== 'theme_info')
    throw new Error(`${SETTINGS_SCHEMA_PATH} must open with theme_info`);
  info.theme_version = version;
  files.set(SETTINGS_SCHEMA_PATH, textFile(`${JSON.stringify(schema, null, 2)}\n`));
}

/** The `theme_info` a theme opens its settings with. */
export function themeInfoOf(files: ThemeFiles): { theme_name: string; theme_version: string } {
  const schema = JSON.parse(fileText(files, SETTINGS_SCHEMA_PATH)) as [
    { theme_name: string; theme_version: string },
  ];
  return schema[0];
}

/** The version written in a theme's `theme_info`. */
export function themeVersionOf(files: ThemeFiles): string {
  return themeInfoOf(files).theme_version;
}

/**
 * The files of `version`: `theme/`, then the overlay of each older release down to `version`,
 * with the version stamped into `theme_info`. `sourceDir` is the folder holding `theme/` and
 * `history/` (this package's folder by default, see `paths.ts`).
 */
export function themeFilesOf(version: string, sourceDir: string = themePackageDir): ThemeFiles {
  const target = themeReleases.indexOf(themeRelease(version));
  const files = readTree(path.join(sourceDir, 'theme'));
  for (const { version: older } of themeReleases.slice(1, target + 1)) {
    applyOverlay(files, path.join(sourceDir, 'history', older), older);
  }
  stampVersion(files, version);
  return sortedFiles(files);
}

export function sortedFiles(files: ReadonlyMap<string, Uint8Array>): ThemeFiles {
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
