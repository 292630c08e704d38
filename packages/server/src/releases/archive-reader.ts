import { THEME_ARCHIVE_LIMITS } from '@portal/core/domain';
import { Inflate } from 'fflate';

/**
 * An uploaded zip, read as hostile until proven otherwise (docs/security.md, 'Uploaded
 * archives'): the central directory is parsed here, every name checked, and each entry inflated
 * in small steps with its bytes counted as they come out, so a zip bomb is stopped at the limit
 * whatever its headers claim. Runs in the theme worker (theme-worker.ts), never on the event loop.
 */

export type UploadRefusalCode =
  | 'too-large'
  | 'too-many-entries'
  | 'inflated-too-large'
  | 'compression-ratio'
  | 'not-zip'
  | 'unsupported'
  | 'unsafe-path'
  | 'symlink'
  | 'duplicate'
  | 'name-encoding'
  | 'not-a-theme'
  | 'invalid-json'
  | 'no-version'
  | 'version-mismatch'
  | 'theme-check';

/** Why an upload is refused; `detail` names the entry or the figure the French message gives. */
export class UploadRefusal extends Error {
  constructor(
    readonly code: UploadRefusalCode,
    readonly detail?: string,
  ) {
    super(detail === undefined ? code : `${code}: ${detail}`);
  }
}

export type ArchiveLimits = { readonly [K in keyof typeof THEME_ARCHIVE_LIMITS]: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The unix file type bits of an entry's external attributes, and a symbolic link's. */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNIX_HOST = 3;
/** Compressed bytes handed to the inflater at a time: at most ~16 MiB come out of one step. */
const STEP = 16 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function endOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65535.
  const stop = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= stop; at -= 1) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new UploadRefusal('not-zip');
}

/** An entry's name, refused unless it is UTF-8 and a plain relative path inside the archive. */
function entryName(bytes: Uint8Array): string {
  let name: string;
  try {
    name = utf8.decode(bytes);
  } catch {
    throw new UploadRefusal('name-encoding');
  }
  const segments = name.replace(/\/$/, '').split('/');
  if (
    name === '' ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses.
    /[\\\u0000-\u001f\u007f]/.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new UploadRefusal('unsafe-path', name);
  }
  return name;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function centralDirectory(view: DataView, limits: ArchiveLimits): Entry[] {
  const end = endOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  // Zip64 (counts or offsets of all ones) is for archives far beyond a theme's limits.
  if (count === 0xffff || offset === 0xffffffff) throw new UploadRefusal('unsupported', 'zip64');
  if (count > limits.entries) throw new UploadRefusal('too-many-entries');
  if (offset + size > end) throw new UploadRefusal('not-zip');
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const entries: Entry[] = [];
  const names = new Set<string>();
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw new UploadRefusal('not-zip');
    const madeBy = view.getUint16(at + 4, true);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const localOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > end) throw new UploadRefusal('not-zip');
    const name = entryName(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (madeBy >> 8 === UNIX_HOST && ((external >>> 16) & S_IFMT) === S_IFLNK) {
      throw new UploadRefusal('symlink', name);
    }
    const key = name.replace(/\/$/, '');
    if (names.has(key)) throw new UploadRefusal('duplicate', key);
    names.add(key);
    if (name.endsWith('/')) continue;
    // Encrypted, or compressed otherwise than stored or deflated.
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) {
      throw new UploadRefusal('unsupported', name);
    }
    entries.push({ name, method, compressedSize, localOffset });
  }
  return entries;
}

/**
 * The files of a zip, path to bytes. Refuses (UploadRefusal) whatever is not a plain archive of
 * files within `limits`.
 */
export function readZip(
  archive: Uint8Array,
  limits: ArchiveLimits = THEME_ARCHIVE_LIMITS,
): Map<string, Uint8Array> {
  if (archive.length > limits.archiveBytes) throw new UploadRefusal('too-large');
  if (archive.length < 22) throw new UploadRefusal('not-zip');
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const files = new Map<string, Uint8Array>();
  let inflatedTotal = 0;
  for (const entry of centralDirectory(view, limits)) {
    const at = entry.localOffset;
    if (at + 30 > archive.length || view.getUint32(at, true) !== LOCAL) {
      throw new UploadRefusal('not-zip');
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = archive.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new UploadRefusal('not-zip');
    // What this entry may inflate to: its ratio's bound, the archive's total.
    const ceiling = entry.compressedSize * limits.compressionRatio + limits.ratioAllowanceBytes;
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    const take = (chunk: Uint8Array) => {
      inflated += chunk.length;
      inflatedTotal += chunk.length;
      if (inflatedTotal > limits.inflatedBytes) throw new UploadRefusal('inflated-too-large');
      if (inflated > ceiling) throw new UploadRefusal('compression-ratio', entry.name);
      chunks.push(chunk);
    };
    if (entry.method === 0) take(data);
    else {
      const inflater = new Inflate((chunk) => take(chunk));
      try {
        for (let from = 0; from < data.length; from += STEP) {
          inflater.push(data.subarray(from, from + STEP), from + STEP >= data.length);
        }
        if (data.length === 0) inflater.push(new Uint8Array(0), true);
      } catch (error) {
        if (error instanceof UploadRefusal) throw error;
        throw new UploadRefusal('not-zip');
      }
    }
    files.set(entry.name, concat(chunks, inflated));
  }
  return files;
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!.slice();
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
