import { patterns } from '@portal/core/domain';
import { unzipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildThemeArchive, themeArchiveFilename, zipTheme } from './archive.ts';
import { fileText, themeFilesOf, themeVersionOf } from './files.ts';
import { LICENCE_CONFIG_PATH } from './licence-config.ts';
import { themeReleases } from './releases.ts';
import { testSigner } from './testing/keys.ts';

const signer = await testSigner();
const stamp = { portalOrigin: 'https://portal.example', jwks: { keys: [signer.jwk] } };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const timeZone = process.env.TZ;

afterEach(() => {
  if (timeZone === undefined) delete process.env.TZ;
  else process.env.TZ = timeZone;
});

describe('zipTheme', () => {
  const files = themeFilesOf('2.1.0');

  it('holds every file, byte for byte', () => {
    const unzipped = unzipSync(zipTheme(files));
    expect(Object.keys(unzipped)).toEqual([...files.keys()]);
    for (const [filePath, bytes] of files) expect(unzipped[filePath]).toEqual(bytes);
  });

  it('gives the same bytes for the same files, whatever their order and the time zone', () => {
    const reversed = new Map([...files].reverse());
    process.env.TZ = 'Pacific/Kiritimati';
    const first = zipTheme(files);
    process.env.TZ = 'America/Los_Angeles';
    expect(sha256(zipTheme(reversed))).toBe(sha256(first));
  });
});

describe('buildThemeArchive', () => {
  it('builds each version with its own theme_info and the licence configuration', () => {
    const archives = themeReleases.map(({ version }) => {
      const unzipped = unzipSync(buildThemeArchive(version, stamp));
      const files = new Map(Object.entries(unzipped));
      expect(themeVersionOf(files)).toBe(version);
      expect(fileText(files, LICENCE_CONFIG_PATH)).toContain('"portal":"https://portal.example"');
      return sha256(buildThemeArchive(version, stamp));
    });
    expect(new Set(archives).size).toBe(themeReleases.length);
  });

  it('is reproducible: the same version and stamp give the same SHA-256', () => {
    expect(sha256(buildThemeArchive('2.0.0', stamp))).toBe(
      sha256(buildThemeArchive('2.0.0', stamp)),
    );
  });
});

describe('themeArchiveFilename', () => {
  it('names the download after the version, a name the contract accepts', () => {
    expect(themeArchiveFilename('2.1.0')).toBe('theme-boutique-2.1.0.zip');
    for (const { version } of themeReleases) {
      expect(patterns.themeFilename.test(themeArchiveFilename(version))).toBe(true);
    }
  });
});
