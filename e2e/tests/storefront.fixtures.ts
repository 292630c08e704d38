import { test as base, type BrowserContext } from '@playwright/test';
import {
  latestThemeVersion,
  stampLicenceConfig,
  themeFilesOf,
  type LicenceStamp,
} from '@portal/theme';
import { startStorefront, type Storefront, type ThemeRole } from '@portal/theme/storefront';

/** The shop of the storefront journeys: its `.myshopify.com` domain and its custom domain. */
export const SHOP_DOMAIN = 'boutique-x.myshopify.com';
export const CUSTOM_DOMAIN = 'www.boutique-x.fr';

export interface StorefrontOptions {
  /** The portal the theme is built for (`portalOrigin`) and the keys it trusts (`jwks`). */
  readonly stamp: LicenceStamp;
  readonly version?: string;
  readonly role?: ThemeRole;
  readonly designMode?: boolean;
  /** Another shop than boutique-x (a journey against the real portal pairs its own domains). */
  readonly domains?: { readonly shop: string; readonly custom: string };
}

export interface OpenStorefront {
  readonly storefront: Storefront;
  /** A context of a Chromium that maps both domains to the storefront and treats them as secure. */
  readonly context: BrowserContext;
  /** `http://<domain>:<port>/`, the shop's home page under one of its domains. */
  urlOf(domain: string): string;
}

/**
 * `openStorefront(options)`: the theme's home page (packages/theme, `startStorefront`) served on
 * 127.0.0.1, and a Chromium of its own that resolves www.boutique-x.fr and
 * boutique-x.myshopify.com (or `options.domains`) to it (`--host-resolver-rules`) and treats both origins as secure
 * contexts, as HTTPS storefronts are (WebCrypto needs one). Everything stops when the test ends.
 */
export const test = base.extend<{
  openStorefront: (options: StorefrontOptions) => Promise<OpenStorefront>;
}>({
  openStorefront: async ({ playwright, launchOptions }, use) => {
    const cleanUps: (() => Promise<void>)[] = [];
    await use(async (options) => {
      const version = options.version ?? latestThemeVersion;
      const storefront = await startStorefront({
        themeFiles: stampLicenceConfig(themeFilesOf(version), options.stamp),
        shop: options.domains?.shop ?? SHOP_DOMAIN,
        role: options.role ?? 'main',
        designMode: options.designMode ?? false,
      });
      const domains =
        options.domains === undefined
          ? [CUSTOM_DOMAIN, SHOP_DOMAIN]
          : [options.domains.custom, options.domains.shop];
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          `--host-resolver-rules=${domains.map((domain) => `MAP ${domain} 127.0.0.1`).join(', ')}`,
          `--unsafely-treat-insecure-origin-as-secure=${domains.map((domain) => `http://${domain}:${storefront.port}`).join(',')}`,
        ],
      });
      cleanUps.push(async () => {
        await browser.close();
        await storefront.close();
      });
      const context = await browser.newContext({ locale: 'fr-FR' });
      return {
        storefront,
        context,
        urlOf: (domain) => `http://${domain}:${storefront.port}/`,
      };
    });
    for (const cleanUp of cleanUps) await cleanUp();
  },
});

export { expect } from '@playwright/test';
