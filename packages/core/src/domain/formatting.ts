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

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A unit's past, as `Intl.RelativeTimeFormat('fr', { numeric: 'auto' })` says -1 of it, then -n. */
const pastWords: Record<'minute' | 'hour' | 'day' | 'week' | 'month' | 'year', [string, string]> = {
  minute: ['il y a 1 minute', 'minutes'],
  hour: ['il y a 1 heure', 'heures'],
  day: ['hier', 'jours'],
  week: ['la semaine dernière', 'semaines'],
  month: ['le mois dernier', 'mois'],
  year: ['l’année dernière', 'ans'],
};

/**
 * How long ago `value` was at `now`, in French: 'à l’instant' under a minute (and for a time
 * ahead of the clock), then in the largest whole unit elapsed ('il y a 5 minutes', 'il y a 3
 * heures', 'hier', 'avant-hier', 'il y a 3 jours', 'la semaine dernière', 'il y a 2 mois',
 * 'l’année dernière'), a week being 7 days, a month 30 and a year 365. The words are those of
 * `Intl.RelativeTimeFormat('fr', { numeric: 'auto' })`, written by hand as `formatDate` is: its
 * first use loads the browser's locale data on the dashboard's first screen
 * (docs/performance.md, 'The dashboard's long tasks'). Empty when there is no usable date.
 */
export function formatTimeAgo(
  value: string | number | Date | null | undefined,
  now: number,
): string {
  if (value === null || value === undefined || value === '') return '';
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < MINUTE) return 'à l’instant';
  const days = Math.floor(seconds / DAY);
  const [unit, count] =
    seconds < HOUR
      ? (['minute', Math.floor(seconds / MINUTE)] as const)
      : seconds < DAY
        ? (['hour', Math.floor(seconds / HOUR)] as const)
        : days < 7
          ? (['day', days] as const)
          : days < 30
            ? (['week', Math.floor(days / 7)] as const)
            : days < 365
              ? (['month', Math.floor(days / 30)] as const)
              : (['year', Math.floor(days / 365)] as const);
  const [one, many] = pastWords[unit];
  if (count === 1) return one;
  if (unit === 'day' && count === 2) return 'avant-hier';
  return `il y a ${count} ${many}`;
}

/** A number with a fixed count of decimals, in the French way ('4,9'). */
export function formatNumber(value: number, decimals = 0): string {
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
