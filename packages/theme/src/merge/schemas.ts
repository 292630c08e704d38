import type { ThemeFiles } from '../files.ts';
import { parseThemeJson, utf8Text } from './theme-json.ts';

/** What a section (or theme block) declares: its setting ids and the blocks it takes. */
export interface SectionSchema {
  settings: ReadonlySet<string>;
  /** Block type -> its setting ids; undefined when the section takes no block. */
  blocks: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  /** It takes theme blocks (`@theme`) or app blocks (`@app`) of any type. */
  anyBlock: boolean;
}

const schemaTag = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;

type RawSettings = { settings?: { id?: unknown }[] };

function idsOf(owner: RawSettings | undefined): Set<string> {
  return new Set(
    (Array.isArray(owner?.settings) ? owner.settings : []).flatMap((setting) =>
      typeof setting?.id === 'string' ? [setting.id] : [],
    ),
  );
}

/** The `{% schema %}` of a Liquid file; undefined without one or when it does not parse. */
export function liquidSchema(bytes: Uint8Array | undefined): SectionSchema | undefined {
  const text = bytes === undefined ? undefined : utf8Text(bytes);
  const body = text === undefined ? undefined : schemaTag.exec(text)?.[1];
  if (body === undefined) return undefined;
  let raw: RawSettings & { blocks?: ({ type?: unknown } & RawSettings)[] };
  try {
    raw = parseThemeJson(new TextEncoder().encode(body)) as typeof raw;
  } catch {
    return undefined;
  }
  if (raw === null || typeof raw !== 'object') return undefined;
  const declared = Array.isArray(raw.blocks) ? raw.blocks : undefined;
  return {
    settings: idsOf(raw),
    blocks:
      declared === undefined
        ? undefined
        : new Map(
            declared.flatMap((block) =>
              typeof block?.type === 'string' ? [[block.type, idsOf(block)] as const] : [],
            ),
          ),
    anyBlock:
      declared?.some((block) => block?.type === '@theme' || block?.type === '@app') ?? false,
  };
}

/** Every setting id of `config/settings_schema.json` (the theme's global settings). */
export function globalSettingIds(files: ThemeFiles): ReadonlySet<string> {
  const bytes = files.get('config/settings_schema.json');
  if (bytes === undefined) return new Set();
  const groups = parseThemeJson(bytes);
  return new Set(
    (Array.isArray(groups) ? (groups as RawSettings[]) : []).flatMap((group) => [...idsOf(group)]),
  );
}
