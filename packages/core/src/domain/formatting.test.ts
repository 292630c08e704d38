import { describe, expect, test } from 'vitest';
import { formatCents, formatDate, formatEuros, formatNumber } from './formatting.ts';

// fr-FR puts a narrow no-break space between thousands and a no-break space before the sign.
const nbsp = '\u00a0';
const nnbsp = '\u202f';

describe('formatting (fr-FR, EUR)', () => {
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
