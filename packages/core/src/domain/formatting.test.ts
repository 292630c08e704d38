import { describe, expect, test, vi } from 'vitest';
import { formatCents, formatDate, formatEuros, formatNumber } from './formatting.ts';

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

  test('numbers and euros are written as Intl writes them, without building its formatter', () => {
    const build = vi.spyOn(Intl, 'NumberFormat');
    const numbers = cases.map(([value, decimals]) => formatNumber(value, decimals));
    const amounts = cases.map(([value]) => formatEuros(value));
    expect(build).not.toHaveBeenCalled();
    build.mockRestore();
    expect(numbers).toEqual(
      cases.map(([value, decimals]) =>
        new Intl.NumberFormat('fr-FR', {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }).format(value),
      ),
    );
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    expect(amounts).toEqual(cases.map(([value]) => euros.format(value)));
  });
});

/** Values and decimals: halves, thousands, negatives, long fractions. */
const cases: [number, number][] = [
  [0, 0],
  [0.5, 0],
  [1.5, 0],
  [2.5, 0],
  [-2.5, 0],
  [1.005, 2],
  [4.95, 1],
  [4.949, 1],
  [-1234.56, 1],
  [999.96, 1],
  [1234567, 0],
  [1234567.891, 2],
  [100, 3],
  [0.1 + 0.2, 2],
  [98, 0],
  [20, 0],
  [19.99, 2],
  [203.885, 2],
  [-0.005, 2],
];
