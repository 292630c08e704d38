import { domainLabel, patterns } from './validation/patterns.ts';

export const SHOPIFY_SUFFIX = '.myshopify.com';

/** One DNS label: letters, digits and hyphens, 1 to 63 characters, no hyphen at either end. */
export function isValidLabel(label: string): boolean {
  return domainLabel.test(label);
}

/**
 * docs/product.md#licence-form: dot-separated labels, each a valid label (at least two labels: a
 * bare word is no domain).
 */
export function isValidCustomDomain(domain: string): boolean {
  return domain.length <= 253 && patterns.customDomain.test(domain);
}

/** The shop's own label, whether the user typed `boutique` or `boutique.myshopify.com`. */
export function shopSubdomainOf(input: string): string {
  const value = input.trim().toLowerCase();
  return value.endsWith(SHOPIFY_SUFFIX) ? value.slice(0, -SHOPIFY_SUFFIX.length) : value;
}

export function isValidShopDomain(input: string): boolean {
  return patterns.shopDomain.test(input);
}

/** Lower case, trimmed, with `.myshopify.com` appended when missing. */
export function normalizeShopDomain(input: string): string {
  return `${shopSubdomainOf(input)}${SHOPIFY_SUFFIX}`;
}

export function normalizeCustomDomain(input: string): string {
  return input.trim().toLowerCase();
}

export type LicenceField = 'custom_domain' | 'shop_domain';
