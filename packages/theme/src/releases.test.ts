import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themePackageDir } from './paths.ts';
import {
  latestThemeVersion,
  themeRelease,
  themeReleases,
  validateReleases,
  type ThemeRelease,
} from './releases.ts';

const release = (version: string, releasedAt = '2026-01-01', notes = 'Une ligne.') =>
  ({ version, released_at: releasedAt, notes }) satisfies ThemeRelease;

describe('the release manifest', () => {
  it('lists at least two versions, newest first, the newest being the source', () => {
    expect(themeReleases.map((r) => r.version)).toEqual(['2.1.0', '2.0.0']);
    expect(latestThemeVersion).toBe('2.1.0');
    expect(themeRelease('2.0.0').released_at).toBe('2026-06-02');
  });

  it('has French notes, one change a line', () => {
    for (const { notes } of themeReleases) {
      const lines = notes.split('\n');
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line).toMatch(/^[A-ZÀ-Ý].*\.$/u);
    }
    expect(themeRelease('2.1.0').notes).toContain('Nouvelle section « Témoignages »');
  });

  it('has one overlay folder per older release, and none for the newest', () => {
    const overlays = readdirSync(path.join(themePackageDir, 'history')).sort();
    expect(overlays).toEqual(
      themeReleases
        .slice(1)
        .map((r) => r.version)
        .sort(),
    );
  });

  it('refuses a version it never released', () => {
    expect(() => themeRelease('1.0.0')).toThrow('Thème Boutique has no version 1.0.0');
  });
});

describe('validateReleases', () => {
  it('accepts semantic versions strictly newest first with real days', () => {
    const list = [release('1.10.0', '2026-03-01'), release('1.9.2', '2026-02-28')];
    expect(validateReleases(list)).toBe(list);
  });

  it.each([
    ['no release', []],
    ['a version that is not semantic', [release('2.1')]],
    ['a leading v', [release('v2.1.0')]],
    ['an older version first', [release('1.0.0'), release('1.1.0')]],
    ['the same version twice', [release('1.0.0'), release('1.0.0')]],
    ['a day that does not exist', [release('1.0.0', '2026-02-30')]],
    ['a date with a time', [release('1.0.0', '2026-02-01T10:00:00Z')]],
    [
      'a newer version released before an older one',
      [release('1.1.0', '2026-01-01'), release('1.0.0', '2026-02-01')],
    ],
    ['empty notes', [release('1.0.0', '2026-01-01', ' ')]],
    ['a markdown list', [release('1.0.0', '2026-01-01', '- Nouveau')]],
    ['markdown emphasis', [release('1.0.0', '2026-01-01', 'Un **gros** changement.')]],
    ['a markdown heading', [release('1.0.0', '2026-01-01', '# Nouveautés')]],
  ] satisfies [string, ThemeRelease[]][])('refuses %s', (_, list) => {
    expect(() => validateReleases(list)).toThrow();
  });
});
