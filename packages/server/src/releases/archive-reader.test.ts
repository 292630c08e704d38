import { THEME_ARCHIVE_LIMITS } from '@portal/core/domain';
import { deflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rawZip } from '../test/theme-uploads.ts';
import { readZip, UploadRefusal, type ArchiveLimits } from './archive-reader.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** The refusal `readZip` gives, as `code: detail`. */
function refusalOf(archive: Uint8Array, limits?: ArchiveLimits): string {
  try {
    readZip(archive, limits);
  } catch (error) {
    if (error instanceof UploadRefusal) return error.message;
    throw error;
  }
  throw new Error('the archive was read');
}

describe('readZip', () => {
  it('reads the files of a plain archive, stored or deflated', () => {
    const archive = zipSync({
      'layout/theme.liquid': text('{{ content_for_layout }}'),
      'assets/a.css': [text('body{}'), { level: 0 }],
    });
    const files = readZip(archive);
    expect([...files.keys()].sort()).toEqual(['assets/a.css', 'layout/theme.liquid']);
    expect(new TextDecoder().decode(files.get('layout/theme.liquid'))).toBe(
      '{{ content_for_layout }}',
    );
  });

  it.each([
    ['/etc/passwd'],
    ['../outside.liquid'],
    ['sections/../../outside.liquid'],
    ['C:/Windows/x.liquid'],
    ['sections\\x.liquid'],
    ['sections//x.liquid'],
  ])('refuses an entry that is absolute or climbs out: %s', (name) => {
    expect(refusalOf(rawZip([{ name, data: text('x') }]))).toBe(`unsafe-path: ${name}`);
  });

  it('refuses a symbolic link (the external attributes of a unix entry)', () => {
    const archive = rawZip([
      { name: 'snippets/link.liquid', data: text('/etc/passwd'), unixMode: 0o120777 },
    ]);
    expect(refusalOf(archive)).toBe('symlink: snippets/link.liquid');
    // The same entry as a plain unix file is read.
    const plain = rawZip([{ name: 'snippets/a.liquid', data: text('a'), unixMode: 0o100644 }]);
    expect(readZip(plain).size).toBe(1);
  });

  it('refuses a name given twice', () => {
    const archive = rawZip([
      { name: 'layout/theme.liquid', data: text('a') },
      { name: 'layout/theme.liquid', data: text('b') },
    ]);
    expect(refusalOf(archive)).toBe('duplicate: layout/theme.liquid');
  });

  it('refuses a name that is not UTF-8', () => {
    const name = new Uint8Array([0x61, 0xe9, 0x2e, 0x6c]); // 'a' + Latin-1 'é' + '.l'
    expect(refusalOf(rawZip([{ name, data: text('x') }]))).toBe('name-encoding');
  });

  it('counts the bytes inflated, whatever sizes the headers declare (a zip bomb)', () => {
    // 4 MiB of zeros deflate to a few KiB; the headers declare the compressed size only.
    const zeros = deflateSync(new Uint8Array(4 * 1024 * 1024));
    const bomb = rawZip([{ name: 'assets/zeros.bin', data: zeros, method: 8 }]);
    expect(refusalOf(bomb)).toBe('compression-ratio: assets/zeros.bin');
    const total = { ...THEME_ARCHIVE_LIMITS, compressionRatio: 1e9, inflatedBytes: 1024 * 1024 };
    expect(refusalOf(bomb, total)).toBe('inflated-too-large');
  });

  it('refuses too many entries, too many bytes, and what is not a zip', () => {
    const three = rawZip(['a', 'b', 'c'].map((name) => ({ name, data: text(name) })));
    expect(refusalOf(three, { ...THEME_ARCHIVE_LIMITS, entries: 2 })).toBe('too-many-entries');
    expect(refusalOf(three, { ...THEME_ARCHIVE_LIMITS, archiveBytes: 10 })).toBe('too-large');
    expect(refusalOf(text('PK pas une archive, seulement du texte'))).toBe('not-zip');
  });
});
