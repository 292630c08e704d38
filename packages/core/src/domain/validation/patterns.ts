/**
 * The text rules the client's forms, the server and `openapi/portal.yaml` share. Each is an
 * ECMA-262 pattern without flags (the dialect JSON Schema's `pattern` uses), so the contract
 * states it word for word: patterns.test.ts fails when a `pattern` of the contract differs from
 * these `.source`s. Every pattern here refuses NUL, which PostgreSQL text cannot hold.
 */

/** One DNS label: letters, digits and hyphens, 1 to 63 characters, no hyphen at either end. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/** The characters an address may hold before its `@` (RFC 5322's atom, unquoted). */
const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";

/** Domains are case-insensitive: `.MyShopify.com` is the same suffix. */
const SHOPIFY_SUFFIX = '\\.[Mm][Yy][Ss][Hh][Oo][Pp][Ii][Ff][Yy]\\.[Cc][Oo][Mm]';

/**
 * The new password's three character classes (docs/product.md#validation-rules: a lowercase, an
 * uppercase, a digit).
 */
export const passwordClasses = {
  lowercase: /[a-z]/,
  uppercase: /[A-Z]/,
  digit: /[0-9]/,
} as const;

/** `(?=[^a-z]*[a-z])`: somewhere a character of the class (linear, whatever the length). */
const somewhere = (characterClass: RegExp) =>
  `(?=[^${characterClass.source.slice(1)}*${characterClass.source})`;

export const patterns = {
  /** Any text without NUL: the rule of every string the API takes. */
  // eslint-disable-next-line no-control-regex -- NUL is the very character this refuses.
  text: /^[^\u0000]*$/,
  /** Identifiers the server hands out (licences, customers, provider objects). */
  id: /^[A-Za-z0-9_-]+$/,
  /** An address whose domain has at least two labels (`jeanne@boutique.fr`, not `jeanne@boutique`). */
  email: new RegExp(`^${LOCAL}+(?:\\.${LOCAL}+)*@${LABEL}(?:\\.${LABEL})+$`),
  /**
   * docs/product.md#validation-rules: dot-separated labels, at least two (a bare word is no
   * domain). Spaces around are allowed: the domain is stored trimmed.
   */
  customDomain: new RegExp(`^\\s*${LABEL}(?:\\.${LABEL})+\\s*$`),
  /**
   * docs/product.md#validation-rules: the shop's own label, `.myshopify.com` optional (appended
   * when missing); trimmed.
   */
  shopDomain: new RegExp(`^\\s*${LABEL}(?:${SHOPIFY_SUFFIX})?\\s*$`),
  /**
   * docs/product.md#licence-verification: a shop's own `<label>.myshopify.com` domain, the suffix
   * required (what a storefront knows as `shop.permanent_domain`); trimmed.
   */
  shopifyDomain: new RegExp(`^\\s*${LABEL}${SHOPIFY_SUFFIX}\\s*$`),
  /** docs/product.md#validation-rules: a first or last name, 2 to 50 characters once trimmed. */
  // eslint-disable-next-line no-control-regex -- NUL is refused in names too.
  personName: /^\s*[^\s\u0000][^\u0000]{0,48}[^\s\u0000]\s*$/,
  /**
   * docs/product.md#validation-rules: empty, or an optional + then 1 to 16 digits not starting with
   * 0; spaces ignored.
   */
  phone: /^\s*(?:(?:\+\s*)?[1-9](?:\s*[0-9]){0,15}\s*)?$/,
  /**
   * docs/product.md#validation-rules: a new password holds a lowercase letter, an uppercase letter
   * and a digit.
   */
  strongPassword: new RegExp(
    `^${somewhere(passwordClasses.lowercase)}${somewhere(passwordClasses.uppercase)}${somewhere(passwordClasses.digit)}[^\\u0000]*$`,
  ),
  /** A file name without any path: letters, digits, `.`, `_`, `-`; no leading dot, no `..`. */
  themeFilename: /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]*$/,
  /** docs/product.md#theme-releases: a release's version, `MAJOR.MINOR.PATCH`, no pre-release. */
  themeVersion: /^(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})$/,
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: /^[A-Z]{2}$/,
} as const satisfies Record<string, RegExp>;

export type PatternName = keyof typeof patterns;

/**
 * The one-label rule (docs/product.md#validation-rules), for a label already cut out of a domain.
 */
export const domainLabel = new RegExp(`^${LABEL}$`);
