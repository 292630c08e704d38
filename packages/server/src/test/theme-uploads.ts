import { SETTINGS_SCHEMA_PATH, themeFilesOf, zipTheme, type ThemeFiles } from '@portal/theme';

/**
 * Uploads for the theme routes' tests: a multipart body as a browser sends it, a theme of a
 * given version, and zips written byte by byte where fflate refuses to lie (symlinks, non-UTF-8
 * names, sizes that do not match).
 */

const BOUNDARY = '----portal-test-boundary';
const encoder = new TextEncoder();

export interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
}

/** `call` options sending `parts` as multipart/form-data. */
export function multipart(parts: readonly Part[]): {
  rawBody: Buffer;
  headers: Record<string, string>;
} {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/zip\r\n';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    rawBody: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** The theme package's `version` declaring itself `declared` (a release that is not out yet). */
export function themeDeclaring(declared: string, from: string): Map<string, Uint8Array> {
  const files = new Map(themeFilesOf(from));
  const schema = JSON.parse(new TextDecoder().decode(files.get(SETTINGS_SCHEMA_PATH))) as {
    name: string;
    theme_version?: string;
  }[];
  for (const entry of schema) if (entry.name === 'theme_info') entry.theme_version = declared;
  return files.set(SETTINGS_SCHEMA_PATH, encoder.encode(JSON.stringify(schema, null, 2)));
}

export const zipOf = (files: ThemeFiles) => zipTheme(files);

export interface RawEntry {
  /** The name's bytes as written (a string is written as UTF-8). */
  name: string | Uint8Array;
  /** The bytes as stored (method 0) or deflated (method 8). */
  data: Uint8Array;
  method?: 0 | 8;
  /** The unix mode in the upper 16 bits of the external attributes (made by unix then). */
  unixMode?: number;
}

/** A zip written by hand: local headers, central directory, end record; CRCs left at 0. */
export function rawZip(entries: readonly RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name) : Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method ?? 0, 8);
    local.writeUInt32LE(entry.data.length, 18);
    // The declared inflated size: a lie the reader must not believe.
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method ?? 0, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.data));
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
