/**
 * Each formatter is built once, on its first use: building one loads locale data, a few
 * milliseconds on a phone that a screen showing no amount need not pay as its code loads
 * (docs/performance.md, 'The dashboard's long tasks').
 */
function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

const euros = once(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));

const months = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** An amount in euros, in the French way ('19,99 €'). */
export function formatEuros(amount: number): string {
  return euros().format(amount);
}

/**
 * An amount the payment provider gives in cents (docs/product.md#business-constants: divided by
 * 100).
 */
export function formatCents(cents: number): string {
  return formatEuros(cents / 100);
}

/**
 * A date in French ('15 janvier 2026', in the local time zone, as Intl writes it); empty when
 * there is no usable date. Written by hand: the first Intl formatter of a page loads the
 * browser's date formats, 20 to 40 ms that would be the dashboard's longest piece of work
 * (docs/performance.md, 'The dashboard's long tasks').
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;
}

/** A number with a fixed count of decimals, in the French way ('4,9'). */
export function formatNumber(value: number, decimals = 0): string {
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
