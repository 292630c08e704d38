import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTINGS_SCHEMA_PATH, type ThemeFiles } from '../files.ts';
import { LICENCE_CONFIG_PATH } from '../licence-config.ts';
import { isThemeDataFile, mergeThemeUpdate, type MergeReport } from './merge.ts';
import { liquidSchema } from './schemas.ts';
import { releaseFiles, text, type ThemeJson } from './testing.ts';
import { parseThemeJson, themeJsonBytes } from './theme-json.ts';

const base = releaseFiles('2.0.0');
const next = releaseFiles('2.1.0');

type Json = ThemeJson;
/** A theme as comparable text: each path with its bytes' digest, sorted (byte-wise compares are slow). */
const fingerprint = (files: ThemeFiles) =>
  [...files]
    .map(([file, bytes]) => `${file} ${createHash('sha256').update(bytes).digest('hex')}`)
    .sort();
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
  a !== undefined && b !== undefined && Buffer.from(a).equals(b);
const read = (files: ThemeFiles, file: string): Json => parseThemeJson(files.get(file)!);
const templatesOf = (files: ThemeFiles) =>
  [...files.keys()].filter((file) => /^(templates\/.+|sections\/[^/]+)\.json$/.test(file));
const sectionTypes = [...base.keys()].flatMap((file) => {
  const match = /^sections\/([^/]+)\.liquid$/.exec(file);
  return match === null ? [] : [match[1]!];
});
const settingIdsOf = (files: ThemeFiles, type: string) => [
  ...(liquidSchema(files.get(`sections/${type}.liquid`))?.settings ?? []),
];
const leafPaths = (value: Json, prefix: string[] = []): string[][] =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]))
    : [prefix];
const at = (value: Json, path: readonly string[]) =>
  path.reduce<Json>((inner, key) => (inner == null ? undefined : inner[key]), value);

/** One edit a merchant makes in Shopify's editor or code editor; `valid` ones only use known settings. */
const settingValue = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean());
const edit = (valid: boolean) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('global' as const),
      id: valid
        ? fc.constantFrom('color_text', 'color_background', 'color_accent', 'page_width')
        : fc.constantFrom('color_accent', 'page_width', 'retired_global', 'legacy_font'),
      value: settingValue,
    }),
    fc.record({
      kind: fc.constant('setting' as const),
      template: fc.nat(),
      section: fc.nat(),
      id: valid
        ? fc.nat().map(String)
        : fc.oneof(fc.nat().map(String), fc.constantFrom('text', 'unknown')),
      value: settingValue,
    }),
    fc.record({
      kind: fc.constant('addSection' as const),
      template: fc.nat(),
      type: valid ? fc.constantFrom(...sectionTypes) : fc.constantFrom(...sectionTypes, 'gone'),
      key: fc.stringMatching(/^[a-z]{3,8}$/),
    }),
    fc.record({
      kind: fc.constant('removeSection' as const),
      template: fc.nat(),
      section: fc.nat(),
    }),
    fc.record({ kind: fc.constant('reorder' as const), template: fc.nat() }),
    fc.record({
      kind: fc.constant('translation' as const),
      leaf: fc.nat(),
      value: fc.string({ maxLength: 12 }),
      added: valid ? fc.constant(false) : fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('code' as const),
      file: fc.nat(),
      line: fc.string({ maxLength: 20 }),
    }),
    fc.record({ kind: fc.constant('newFile' as const), name: fc.stringMatching(/^[a-z]{3,8}$/) }),
  );

type EditValue = ReturnType<typeof edit> extends fc.Arbitrary<infer E> ? E : never;

function applyEdits(start: ThemeFiles, edits: readonly EditValue[]): Map<string, Uint8Array> {
  const files = new Map(start);
  const change = (file: string, fn: (value: Json) => void) => {
    const value = read(files, file);
    fn(value);
    files.set(file, themeJsonBytes(value));
  };
  for (const e of edits) {
    const templates = templatesOf(files);
    const template = 'template' in e ? templates[e.template % templates.length]! : '';
    switch (e.kind) {
      case 'global':
        change('config/settings_data.json', (data) => {
          if (typeof data.current !== 'object') data.current = {};
          data.current[e.id] = e.value;
        });
        break;
      case 'setting':
        change(template, (doc) => {
          const keys = Object.keys(doc.sections ?? {});
          if (keys.length === 0) return;
          const section = doc.sections[keys[e.section % keys.length]!];
          const ids = settingIdsOf(files, section.type);
          const id = /^\d+$/.test(e.id) ? ids[Number(e.id) % Math.max(1, ids.length)] : e.id;
          if (id === undefined) return;
          section.settings = { ...section.settings, [id]: e.value };
        });
        break;
      case 'addSection':
        change(template, (doc) => {
          if (doc.sections === undefined || doc.sections[e.key] !== undefined) return;
          doc.sections[e.key] = { type: e.type, settings: {} };
          doc.order = [...(doc.order ?? []), e.key];
        });
        break;
      case 'removeSection':
        change(template, (doc) => {
          const keys = Object.keys(doc.sections ?? {});
          if (keys.length === 0) return;
          const key = keys[e.section % keys.length]!;
          delete doc.sections[key];
          doc.order = (doc.order ?? []).filter((item: string) => item !== key);
        });
        break;
      case 'reorder':
        change(template, (doc) => {
          if (Array.isArray(doc.order)) doc.order = [...doc.order].reverse();
        });
        break;
      case 'translation':
        change('locales/fr.default.json', (locale) => {
          const leaves = leafPaths(locale);
          const path = leaves[e.leaf % leaves.length]!;
          const owner = at(locale, path.slice(0, -1));
          owner[e.added ? `${path.at(-1)}_custom` : path.at(-1)!] = e.value;
        });
        break;
      case 'code': {
        const code = [...files.keys()].filter(
          (file) => /\.(liquid|css|js)$/.test(file) && file !== LICENCE_CONFIG_PATH,
        );
        const file = code[e.file % code.length]!;
        files.set(file, text(`${new TextDecoder().decode(files.get(file))}\n${e.line}`));
        break;
      }
      case 'newFile':
        files.set(`snippets/custom-${e.name}.liquid`, text(`<p>${e.name}</p>\n`));
        break;
    }
  }
  return files;
}

function expectValidTheme(files: ThemeFiles, version: string): void {
  expect(files.has('layout/theme.liquid')).toBe(true);
  for (const [file, bytes] of files) if (file.endsWith('.json')) parseThemeJson(bytes);
  expect(read(files, SETTINGS_SCHEMA_PATH)[0].theme_version).toBe(version);
  for (const template of templatesOf(files)) {
    const doc = read(files, template);
    const keys = Object.keys(doc.sections ?? {});
    for (const key of keys) {
      expect(files.has(`sections/${doc.sections[key].type}.liquid`), `${template} ${key}`).toBe(
        true,
      );
    }
    if (doc.order !== undefined) expect([...doc.order].sort()).toEqual([...keys].sort());
  }
}

const listed = (report: MergeReport, file: string, section: string | null, setting: string) =>
  report.removedSettings.some(
    (removed) =>
      removed.file === file &&
      removed.section === section &&
      (removed.setting === setting || (removed.setting === null && section !== null)),
  );

const edits = (valid: boolean) => fc.array(edit(valid), { minLength: 1, maxLength: 8 });

describe('mergeThemeUpdate (properties)', () => {
  it('merging an export the merchant never changed gives the new version itself', () => {
    fc.assert(
      fc.property(edits(true), (changes) => {
        const nextVersion = applyEdits(next, changes);
        const { files, report } = mergeThemeUpdate({ base, theirs: base, next: nextVersion });
        expect(fingerprint(files)).toEqual(fingerprint(nextVersion));
        expect(report.removedSettings).toEqual([]);
        expect(report.conflicts).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('merging a theme with its own settings into itself changes nothing', () => {
    fc.assert(
      fc.property(edits(true), (changes) => {
        const theme = applyEdits(next, changes);
        const { files, report } = mergeThemeUpdate({ base: theme, theirs: theme, next: theme });
        expect(fingerprint(files)).toEqual(fingerprint(theme));
        expect(report).toMatchObject({ removedSettings: [], conflicts: [], keptFiles: [] });
      }),
      { numRuns: 40 },
    );
  });

  it('always gives a theme that parses, deterministically', () => {
    fc.assert(
      fc.property(edits(false), (changes) => {
        const theirs = applyEdits(base, changes);
        const first = mergeThemeUpdate({ base, theirs, next });
        const second = mergeThemeUpdate({ base, theirs: new Map(theirs), next });
        expect(fingerprint(second.files)).toEqual(fingerprint(first.files));
        expect(second.report).toEqual(first.report);
        expectValidTheme(first.files, '2.1.0');
      }),
      { numRuns: 60 },
    );
  });

  it('loses nothing the merchant set without listing it', () => {
    fc.assert(
      fc.property(edits(false), (changes) => {
        const theirs = applyEdits(base, changes);
        const { files, report } = mergeThemeUpdate({ base, theirs, next });
        for (const [file, bytes] of theirs) {
          if (file === LICENCE_CONFIG_PATH) continue;
          if (!isThemeDataFile(file)) {
            if (sameBytes(base.get(file), bytes)) continue;
            const kept = sameBytes(files.get(file), bytes);
            expect(kept || report.conflicts.some((c) => c.file === file), file).toBe(true);
            continue;
          }
          const mine = read(theirs, file);
          const original = base.has(file) ? read(base, file) : undefined;
          const merged = read(files, file);
          if (file === 'config/settings_data.json') {
            for (const [id, value] of Object.entries(mine.current ?? {})) {
              if (typeof original?.current === 'object' && original.current[id] === value) continue;
              expect(merged.current?.[id] === value || listed(report, file, null, id), id).toBe(
                true,
              );
            }
          } else if (file.startsWith('locales/')) {
            for (const path of leafPaths(mine)) {
              if (at(original, path) === at(mine, path)) continue;
              const kept = at(merged, path) === at(mine, path);
              expect(kept || listed(report, file, null, path.join('.')), path.join('.')).toBe(true);
            }
          } else {
            for (const [key, section] of Object.entries<Json>(mine.sections ?? {})) {
              for (const [id, value] of Object.entries(section.settings ?? {})) {
                if (original?.sections?.[key]?.settings?.[id] === value) continue;
                const kept = merged.sections?.[key]?.settings?.[id] === value;
                expect(kept || listed(report, file, key, id), `${file} ${key}.${id}`).toBe(true);
              }
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
