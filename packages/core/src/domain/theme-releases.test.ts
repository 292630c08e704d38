import fc from 'fast-check';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  compareThemeVersions,
  isNewerThemeVersion,
  mayDownloadRelease,
  themeUpdateFor,
} from './theme-releases.ts';

const identifier = fc.oneof(
  fc.integer({ min: 0, max: 12 }).map(String),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/),
);
const version = fc
  .record({
    major: fc.integer({ min: 0, max: 2 }),
    minor: fc.integer({ min: 0, max: 2 }),
    patch: fc.integer({ min: 0, max: 2 }),
    pre: fc.array(identifier, { maxLength: 3 }),
  })
  .map(
    ({ major, minor, patch, pre }) =>
      `${major}.${minor}.${patch}${pre.length === 0 ? '' : `-${pre.join('.')}`}`,
  );

describe('compareThemeVersions', () => {
  it('orders versions as the semver package does', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareThemeVersions(a, b)).toBe(semver.compare(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('compares numbers as numbers and puts a release above its pre-releases', () => {
    expect(compareThemeVersions('2.10.0', '2.9.0')).toBe(1);
    expect(compareThemeVersions('2.1.0', '2.1.0-beta.2')).toBe(1);
    expect(compareThemeVersions('2.1.0-beta.2', '2.1.0-beta.10')).toBe(-1);
    expect(compareThemeVersions('1.0.0+build.7', '1.0.0')).toBe(0);
  });

  it('has no answer for what is not a version', () => {
    expect(compareThemeVersions('2.1', '2.1.0')).toBeUndefined();
    expect(compareThemeVersions('2.1.0', 'dernière')).toBeUndefined();
    expect(isNewerThemeVersion('dernière', '2.1.0')).toBe(false);
  });
});

describe('themeUpdateFor', () => {
  it('offers the latest to a shop on an older version, with the words of the notice', () => {
    expect(themeUpdateFor('2.0.0', '2.1.0')).toBe('2.1.0');
    expect(messages.themeReleases.updateAvailable('2.1.0')).toBe(
      'Mise à jour disponible : version 2.1.0',
    );
  });

  it('offers nothing when up to date, ahead, never seen or not a version', () => {
    expect(themeUpdateFor('2.1.0', '2.1.0')).toBeNull();
    expect(themeUpdateFor('2.2.0-beta.1', '2.1.0')).toBeNull();
    expect(themeUpdateFor(null, '2.1.0')).toBeNull();
    expect(themeUpdateFor('inconnue', '2.1.0')).toBeNull();
  });
});

describe('mayDownloadRelease', () => {
  const released = new Date('2026-10-14T00:00:00Z');

  it('gives every release to a subscription giving access, a trial included', () => {
    for (const status of ['trialing', 'active', 'past_due']) {
      expect(mayDownloadRelease({ status, paidThrough: null }, released)).toBe(true);
    }
  });

  it('keeps, once ended, the releases published by the end of the last paid period', () => {
    const paidThrough = new Date('2026-10-14T00:00:00Z');
    expect(mayDownloadRelease({ status: 'canceled', paidThrough }, released)).toBe(true);
    expect(
      mayDownloadRelease({ status: 'canceled', paidThrough }, new Date('2026-10-14T00:00:01Z')),
    ).toBe(false);
  });

  it('keeps nothing for a trial that never paid', () => {
    expect(mayDownloadRelease({ status: 'trial_ended', paidThrough: null }, released)).toBe(false);
    expect(mayDownloadRelease({ status: 'none', paidThrough: null }, released)).toBe(false);
  });
});
