import { LICENCE_CONFIG_PATH } from '../licence-config.ts';
import { SETTINGS_SCHEMA_PATH, sortedFiles, type ThemeFiles } from '../files.ts';
import { unifiedDiff } from './diff.ts';
import { globalSettingIds, liquidSchema } from './schemas.ts';
import { parseThemeJson, themeJsonBytes } from './theme-json.ts';

/**
 * The update that keeps the merchant's work (docs/product.md, 'Theme releases'): a three-way
 * comparison of the release the merchant's export was made from (`base`), the export (`theirs`)
 * and the new release (`next`). The merchant's data (settings, JSON templates, section groups,
 * translations) is merged value by value, the merchant winning where both changed it; code files
 * are taken whole. What cannot be carried is listed, never dropped in silence.
 */

/** A value the merchant had that the new version no longer knows ('Réglages retirés'). */
export interface RemovedSetting {
  file: string;
  /** The section's key in a template or section group; null elsewhere. */
  section: string | null;
  /** The block's key in that section; null elsewhere. */
  block: string | null;
  /** The setting's id (a translation's dotted key); null for a whole section or block. */
  setting: string | null;
  value: unknown;
}

/** A file the merchant edited that the release changed too ('Fichiers modifiés des deux côtés'). */
export interface FileConflict {
  file: string;
  /** Unified diff from the base release's file to the merchant's: the edits to re-apply. */
  diff: string;
}

export interface MergeReport {
  from: string;
  to: string;
  removedSettings: RemovedSetting[];
  conflicts: FileConflict[];
  /** Files only the merchant changed or added, kept as they were. */
  keptFiles: string[];
}

export type ThemeMergeErrorCode = 'not-a-theme' | 'invalid-json' | 'no-version';

/** An upload that is not a theme this merge can read; `file` names the culprit. */
export class ThemeMergeError extends Error {
  constructor(
    readonly code: ThemeMergeErrorCode,
    readonly file?: string,
  ) {
    super(file === undefined ? code : `${code}: ${file}`);
  }
}

export const THEME_LAYOUT_PATH = 'layout/theme.liquid';
const SETTINGS_DATA_PATH = 'config/settings_data.json';

/** The merchant's data, merged value by value; every other file is code, taken whole. */
export function isThemeDataFile(file: string): boolean {
  return (
    file === SETTINGS_DATA_PATH ||
    /^templates\/.+\.json$/.test(file) ||
    /^sections\/[^/]+\.json$/.test(file) ||
    (/^locales\/[^/]+\.json$/.test(file) && !file.endsWith('.schema.json'))
  );
}

/**
 * An archive's files as a theme: at its root, or inside its one top folder (some tools wrap the
 * theme in one); refused without `layout/theme.liquid`.
 */
export function rootedTheme(files: ThemeFiles): ThemeFiles {
  if (files.has(THEME_LAYOUT_PATH)) return files;
  const tops = new Set([...files.keys()].map((file) => file.split('/')[0]));
  const [top] = tops;
  if (tops.size === 1 && top !== undefined && files.has(`${top}/${THEME_LAYOUT_PATH}`)) {
    return sortedFiles(
      new Map(
        [...files]
          .filter(([file]) => file.startsWith(`${top}/`) && file.length > top.length + 1)
          .map(([file, bytes]) => [file.slice(top.length + 1), bytes]),
      ),
    );
  }
  throw new ThemeMergeError('not-a-theme', THEME_LAYOUT_PATH);
}

/** Every JSON file of a theme, parsed as Shopify parses it (comments allowed). */
export function parseThemeJsonFiles(files: ThemeFiles): Map<string, unknown> {
  const parsed = new Map<string, unknown>();
  for (const [file, bytes] of files) {
    if (!file.endsWith('.json')) continue;
    try {
      parsed.set(file, parseThemeJson(bytes));
    } catch {
      throw new ThemeMergeError('invalid-json', file);
    }
  }
  return parsed;
}

/** The version a theme says it is (`theme_info.theme_version`). */
export function exportedThemeVersion(parsed: ReadonlyMap<string, unknown>): string {
  const schema = parsed.get(SETTINGS_SCHEMA_PATH);
  const info = Array.isArray(schema)
    ? (schema[0] as Record<string, unknown> | undefined)
    : undefined;
  const version = info?.name === 'theme_info' ? info.theme_version : undefined;
  if (typeof version !== 'string' || version.trim() === '') {
    throw new ThemeMergeError('no-version', SETTINGS_SCHEMA_PATH);
  }
  return version.trim();
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => deepEqual(item, b[index]))
    );
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
  );
}

/**
 * Three-way merge of JSON values (undefined: absent). Who changed a value gets it; where both
 * did, objects merge key by key and anything else is the merchant's.
 */
function merge3(base: Json, theirs: Json, next: Json): Json {
  if (deepEqual(theirs, next)) return theirs;
  if (deepEqual(base, theirs)) return next;
  if (deepEqual(base, next)) return theirs;
  if (isObject(theirs) && isObject(next) && (base === undefined || isObject(base))) {
    const result: Record<string, Json> = {};
    const keys = [...new Set([...Object.keys(theirs), ...Object.keys(next)])];
    for (const key of keys) {
      const value = merge3(base?.[key], theirs[key], next[key]);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }
  return theirs;
}

/** `list` with `reference`'s items it lacks inserted after their predecessor there. */
function withMissing(list: string[], wanted: readonly string[], reference: readonly string[]) {
  const result = list.filter(
    (item, index) => wanted.includes(item) && list.indexOf(item) === index,
  );
  for (const item of wanted) {
    if (result.includes(item)) continue;
    const before = reference.slice(0, Math.max(0, reference.indexOf(item))).reverse();
    const anchor = before.find((candidate) => result.includes(candidate));
    result.splice(anchor === undefined ? 0 : result.indexOf(anchor) + 1, 0, item);
  }
  return result;
}

const keysOf = (value: Json) => (isObject(value) ? Object.keys(value) : []);
const stringsOf = (value: Json) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Types Shopify provides itself (app sections and blocks): no schema of the theme's to check. */
const providedType = (type: string) =>
  type === 'apps' || type === '@app' || type.startsWith('shopify://') || type.startsWith('_');

/** Section and block settings the new version no longer declares, out of a template or group. */
function settleSections(
  file: string,
  document: Record<string, Json>,
  reference: Json,
  files: ThemeFiles,
  removed: RemovedSetting[],
): void {
  const sections = document.sections;
  if (!isObject(sections)) return;
  const drop = (section: string, block: string | null, setting: string | null, value: Json) =>
    removed.push({ file, section, block, setting, value });
  for (const [key, section] of Object.entries(sections)) {
    if (!isObject(section) || typeof section.type !== 'string' || providedType(section.type)) {
      continue;
    }
    const sectionFile = files.get(`sections/${section.type}.liquid`);
    if (sectionFile === undefined) {
      delete sections[key];
      drop(key, null, null, section);
      continue;
    }
    const schema = liquidSchema(sectionFile);
    if (schema === undefined) continue;
    const keep = (owner: Record<string, Json>, ids: ReadonlySet<string>, block: string | null) => {
      if (!isObject(owner.settings)) return;
      for (const [id, value] of Object.entries(owner.settings)) {
        if (ids.has(id)) continue;
        delete owner.settings[id];
        drop(key, block, id, value);
      }
    };
    keep(section, schema.settings, null);
    if (!isObject(section.blocks)) continue;
    for (const [blockKey, block] of Object.entries(section.blocks)) {
      if (!isObject(block) || typeof block.type !== 'string' || providedType(block.type)) continue;
      const themeBlock = schema.anyBlock
        ? liquidSchema(files.get(`blocks/${block.type}.liquid`))
        : undefined;
      const ids = schema.blocks?.get(block.type) ?? themeBlock?.settings;
      if (ids === undefined) {
        delete section.blocks[blockKey];
        drop(key, blockKey, null, block);
        continue;
      }
      keep(block, ids, blockKey);
    }
    if (section.block_order !== undefined) {
      const referenceOrder = stringsOf(
        isObject(reference) && isObject(reference.sections)
          ? (reference.sections[key] as Record<string, Json> | undefined)?.block_order
          : undefined,
      );
      section.block_order = withMissing(
        stringsOf(section.block_order),
        keysOf(section.blocks),
        referenceOrder,
      );
    }
  }
  if (document.order !== undefined) {
    const referenceOrder = isObject(reference) ? stringsOf(reference.order) : [];
    document.order = withMissing(stringsOf(document.order), Object.keys(sections), referenceOrder);
  }
}

/** Global settings the new `settings_schema.json` no longer declares. */
function settleSettingsData(
  document: Record<string, Json>,
  known: ReadonlySet<string>,
  removed: RemovedSetting[],
): void {
  const current = document.current;
  if (!isObject(current)) return;
  for (const [id, value] of Object.entries(current)) {
    // Not settings: the sections of older themes, the home page's list, app embeds.
    if (id === 'sections' || id === 'content_for_index' || id === 'blocks' || known.has(id)) {
      continue;
    }
    delete current[id];
    removed.push({ file: SETTINGS_DATA_PATH, section: null, block: null, setting: id, value });
  }
}

/** Translations the new version no longer has. */
function settleLocale(
  file: string,
  document: Record<string, Json>,
  reference: Json,
  removed: RemovedSetting[],
  prefix = '',
): void {
  for (const [key, value] of Object.entries(document)) {
    const path = `${prefix}${key}`;
    const known = isObject(reference) ? reference[key] : undefined;
    if (known === undefined) {
      delete document[key];
      removed.push({ file, section: null, block: null, setting: path, value });
    } else if (isObject(value) && isObject(known)) {
      settleLocale(file, value, known, removed, `${path}.`);
    }
  }
}

/** One data file of the result, settled against the new version; undefined when unchanged. */
function settle(
  file: string,
  value: Json,
  nextValue: Json,
  files: ThemeFiles,
  knownGlobals: ReadonlySet<string>,
  removed: RemovedSetting[],
): Json | undefined {
  if (!isObject(value)) return undefined;
  const copy = structuredClone(value);
  const before = removed.length;
  if (file === SETTINGS_DATA_PATH) settleSettingsData(copy, knownGlobals, removed);
  else if (file.startsWith('locales/')) {
    if (nextValue !== undefined) settleLocale(file, copy, nextValue, removed);
  } else settleSections(file, copy, nextValue, files, removed);
  return removed.length === before && deepEqual(copy, value) ? undefined : copy;
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

function byPath<T extends { file: string }>(a: T, b: T): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}

/**
 * `theirs` carried into `next` (docs/product.md, 'Theme releases'). Deterministic: the same three
 * themes give the same bytes and the same report. Throws ThemeMergeError when `theirs` is not a
 * theme or holds a JSON file Shopify would not read.
 */
export function mergeThemeUpdate(input: {
  base: ThemeFiles;
  theirs: ThemeFiles;
  next: ThemeFiles;
}): { files: ThemeFiles; report: MergeReport } {
  const { base, next } = input;
  const theirs = rootedTheme(input.theirs);
  const parsed = {
    base: parseThemeJsonFiles(base),
    theirs: parseThemeJsonFiles(theirs),
    next: parseThemeJsonFiles(next),
  };
  const from = exportedThemeVersion(parsed.base);
  const to = exportedThemeVersion(parsed.next);
  const result = new Map<string, Uint8Array>();
  const merged = new Map<string, Json>();
  const conflicts: FileConflict[] = [];
  const keptFiles: string[] = [];
  const conflict = (file: string) =>
    conflicts.push({
      file,
      diff: unifiedDiff(
        file,
        { bytes: base.get(file), label: `version ${from}` },
        { bytes: theirs.get(file), label: 'votre boutique' },
      ),
    });

  const paths = [...new Set([...base.keys(), ...theirs.keys(), ...next.keys()])].sort();
  for (const file of paths) {
    const [b, t, n] = [base.get(file), theirs.get(file), next.get(file)];
    const data = isThemeDataFile(file);
    const bytesOf = { base: b, theirs: t, next: n };
    type Side = keyof typeof bytesOf;
    // Data files compare by value (the editor's comment and layout aside), code by bytes.
    const same = (x: Side, y: Side) =>
      data
        ? bytesOf[x] !== undefined &&
          bytesOf[y] !== undefined &&
          deepEqual(parsed[x].get(file), parsed[y].get(file))
        : sameBytes(bytesOf[x], bytesOf[y]);
    if (file === SETTINGS_SCHEMA_PATH || file === LICENCE_CONFIG_PATH) {
      // The release's own: its version, its settings, the portal's keys (no merchant edits it).
      if (n !== undefined) result.set(file, n);
      if (file === SETTINGS_SCHEMA_PATH && t !== undefined && !same('theirs', 'base')) {
        conflict(file);
      }
    } else if (t === undefined) {
      // A file missing from the export comes back: a theme needs the release's files.
      if (n !== undefined) result.set(file, n);
    } else if (n === undefined) {
      if (b === undefined) {
        result.set(file, t);
        keptFiles.push(file);
      } else if (!same('theirs', 'base')) {
        // Edited by the merchant, removed by the release: kept, and shown.
        result.set(file, t);
        conflict(file);
      }
    } else if (same('theirs', 'next') || same('theirs', 'base')) {
      result.set(file, n);
    } else if (b !== undefined && same('next', 'base')) {
      result.set(file, t);
      if (!data) keptFiles.push(file);
    } else if (data) {
      const value = merge3(parsed.base.get(file), parsed.theirs.get(file), parsed.next.get(file));
      merged.set(file, value);
      result.set(file, themeJsonBytes(value));
    } else {
      result.set(file, n);
      conflict(file);
    }
  }

  const removedSettings: RemovedSetting[] = [];
  const knownGlobals = globalSettingIds(next);
  for (const [file, bytes] of result) {
    if (!isThemeDataFile(file)) continue;
    const value = merged.has(file) ? merged.get(file) : parseThemeJson(bytes);
    const settled = settle(
      file,
      value,
      parsed.next.get(file),
      result,
      knownGlobals,
      removedSettings,
    );
    if (settled !== undefined) result.set(file, themeJsonBytes(settled));
  }
  return {
    files: sortedFiles(result),
    report: {
      from,
      to,
      removedSettings: removedSettings.sort(byPath),
      conflicts: conflicts.sort(byPath),
      keptFiles: keptFiles.sort(),
    },
  };
}
