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

const relativeTime = once(() => new Intl.RelativeTimeFormat('fr-FR', { numeric: 'always' }));

/** The largest unit that fits is the one said ('il y a 3 jours', not 'il y a 72 heures'). */
const agoUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long before `now` (milliseconds) `then` was, in French ('il y a 5 minutes'); null under a
 * minute, ahead of `now` or without a usable date.
 */
export function formatTimeAgo(then: string | number | Date, now: number): string | null {
  const seconds = (now - new Date(then).getTime()) / 1000;
  const unit = agoUnits.find(([, size]) => seconds >= size);
  return unit === undefined ? null : relativeTime().format(-Math.floor(seconds / unit[1]), unit[0]);
}
