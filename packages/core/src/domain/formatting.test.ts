import { describe, expect, test, vi } from 'vitest';
import { formatCents, formatDate, formatEuros, formatNumber, formatTimeAgo } from './formatting.ts';

// fr-FR puts a narrow no-break space between thousands and a no-break space before the sign.
const nbsp = '\u00a0';
const nnbsp = '\u202f';

describe('formatting (fr-FR, EUR)', () => {
  // First, before any other test builds formatters.
  test('a date is written without building an Intl formatter', () => {
    // The first Intl formatter of a page loads the browser's locale data, the longest piece of
    // the dashboard's first screen (docs/performance.md, 'The dashboard's long tasks').
    const build = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatDate('2026-01-15T12:00:00Z')).toBe('15 janvier 2026');
    expect(build).not.toHaveBeenCalled();
    build.mockRestore();
  });

  test('euros with a decimal comma', () => {
    expect(formatEuros(19.99)).toBe(`19,99${nbsp}€`);
    expect(formatEuros(1234.5)).toBe(`1${nnbsp}234,50${nbsp}€`);
  });

  test('cents are divided by 100', () => {
    expect(formatCents(20389)).toBe(`203,89${nbsp}€`);
    expect(formatCents(0)).toBe(`0,00${nbsp}€`);
  });

  test('dates in French', () => {
    expect(formatDate('2026-01-15T12:00:00Z')).toBe('15 janvier 2026');
    expect(formatDate(new Date(Date.UTC(2026, 6, 3, 12)))).toBe('3 juillet 2026');
  });

  test('every month and day as Intl writes a French long date, in the local time zone', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    for (const year of [1999, 2026, 2031]) {
      for (let month = 0; month < 12; month += 1) {
        for (const day of [1, 9, 10, 28]) {
          const local = new Date(year, month, day, 0, 30);
          expect(formatDate(local)).toBe(intl.format(local));
          expect(formatDate(local.toISOString())).toBe(intl.format(local));
          expect(formatDate(local.getTime())).toBe(intl.format(local));
        }
      }
    }
  });

  test('no date gives an empty text', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('pas une date')).toBe('');
  });

  test('numbers with fixed decimals', () => {
    expect(formatNumber(4.9, 1)).toBe('4,9');
    expect(formatNumber(4, 1)).toBe('4,0');
    expect(formatNumber(98)).toBe('98');
    expect(formatNumber(12345)).toBe(`12${nnbsp}345`);
  });
});

describe('formatTimeAgo (the licence list\'s "Vérifiée il y a …")', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  const minute = 60;
  const hour = 60 * minute;
  const day = 24 * hour;

  test('is written without building an Intl formatter', () => {
    const build = vi.spyOn(Intl, 'RelativeTimeFormat');
    expect(formatTimeAgo(ago(5 * minute), now)).toBe('il y a 5 minutes');
    expect(build).not.toHaveBeenCalled();
    build.mockRestore();
  });

  test('says what Intl.RelativeTimeFormat says in French, unit by unit', () => {
    const intl = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });
    // Each unit, its length and where the next unit starts.
    const units: [Intl.RelativeTimeFormatUnit, number, number][] = [
      ['minute', minute, hour],
      ['hour', hour, day],
      ['day', day, 7 * day],
      ['week', 7 * day, 30 * day],
      ['month', 30 * day, 365 * day],
      ['year', 365 * day, 40 * 365 * day],
    ];
    for (const [unit, length, next] of units) {
      for (let count = 1; count * length < next; count += 1) {
        // The start of the count and the moment before the next one read the same.
        const last = Math.min((count + 1) * length, next) - 1;
        for (const elapsed of [count * length, last]) {
          expect(formatTimeAgo(ago(elapsed), now)).toBe(intl.format(-count, unit));
        }
      }
    }
  });

  test('the words a merchant reads', () => {
    expect(formatTimeAgo(ago(5 * minute + 30), now)).toBe('il y a 5 minutes');
    expect(formatTimeAgo(ago(3 * hour), now)).toBe('il y a 3 heures');
    expect(formatTimeAgo(ago(day + hour), now)).toBe('hier');
    expect(formatTimeAgo(ago(2 * day), now)).toBe('avant-hier');
    expect(formatTimeAgo(ago(8 * day), now)).toBe('la semaine dernière');
    expect(formatTimeAgo(ago(29 * day), now)).toBe('il y a 4 semaines');
    expect(formatTimeAgo(ago(30 * day), now)).toBe('le mois dernier');
    expect(formatTimeAgo(ago(400 * day), now)).toBe('l’année dernière');
    expect(formatTimeAgo(new Date(now - 2 * hour * 1000), now)).toBe('il y a 2 heures');
    expect(formatTimeAgo(now - 2 * hour * 1000, now)).toBe('il y a 2 heures');
  });

  test('under a minute, or ahead of the clock, is just now', () => {
    expect(formatTimeAgo(ago(0), now)).toBe('à l’instant');
    expect(formatTimeAgo(ago(59), now)).toBe('à l’instant');
    expect(formatTimeAgo(ago(60), now)).toBe('il y a 1 minute');
    expect(formatTimeAgo(ago(-90), now)).toBe('à l’instant');
  });

  test('no date gives an empty text', () => {
    expect(formatTimeAgo(null, now)).toBe('');
    expect(formatTimeAgo(undefined, now)).toBe('');
    expect(formatTimeAgo('', now)).toBe('');
    expect(formatTimeAgo('pas une date', now)).toBe('');
  });
});
