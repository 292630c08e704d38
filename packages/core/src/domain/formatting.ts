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

/** An amount in euros, in the French way ('19,99 €'), as Intl writes it (see `formatNumber`). */
export function formatEuros(amount: number): string {
  return `${formatNumber(amount, 2)}\u00a0€`;
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

/**
 * A number with a fixed count of decimals, in the French way ('4,9', '12 345'), as Intl writes it
 * (halves away from zero, a narrow no-break space between thousands), but without Intl: the first
 * French number formatter a page builds loads the browser's locale data, 85 to 95 ms at 4x in the
 * landing's hydration (docs/performance.md, 'Taps during hydration').
 */
export function formatNumber(value: number, decimals = 0): string {
  // Shifted in decimal notation, not multiplied: 1.005 is 100.5 hundredths, not 100.49999….
  const shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  const [whole = '', fraction] = Number(`${shifted}e-${decimals}`).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '\u202f');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `,${fraction}`}`;
}
