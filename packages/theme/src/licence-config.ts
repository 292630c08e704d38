import { sortedFiles, textFile, themeVersionOf, type ThemeFiles } from './files.ts';

/**
 * The one generated file: the portal's address, the public keys the licence script trusts and
 * the theme's version, as a JSON script block rendered by `snippets/theme-licence.liquid`. Nobody
 * edits it in Shopify's editor, so an update always overwrites it (docs/decisions.md, 'Theme').
 */
export const LICENCE_CONFIG_PATH = 'snippets/theme-licence-config.liquid';
/** The `id` of its script block, read by `assets/theme-licence.js`. */
const LICENCE_CONFIG_ELEMENT_ID = 'theme-licence-config';

/** A public Ed25519 key as the portal's `/.well-known/jwks.json` lists it. */
export interface PublicJwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  readonly kid: string;
  readonly x: string;
  readonly [member: string]: unknown;
}

export interface LicenceStamp {
  /** The portal's origin, for example `https://portal.example.com` (no path, no trailing slash). */
  readonly portalOrigin: string;
  readonly jwks: { readonly keys: readonly unknown[] };
}

/** What the script reads from the block. */
export interface LicenceConfig {
  readonly portal: string;
  readonly version: string;
  readonly keys: readonly { readonly kid: string; readonly x: string }[];
}

function checkedOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`portalOrigin ${origin} is not a URL`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin)
    throw new Error(`portalOrigin must be an http(s) origin without a path, not ${origin}`);
  return origin;
}

/** The Ed25519 public keys of a JWKS, only their `kid` and `x`; a private key is refused. */
function publicKeys(jwks: LicenceStamp['jwks']): LicenceConfig['keys'] {
  const keys = jwks.keys.map((key) => {
    const jwk = key as Partial<PublicJwk> & { d?: unknown };
    if (jwk.d !== undefined) throw new Error('the JWKS holds a private key: never ship it');
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') return undefined;
    if (typeof jwk.kid !== 'string' || typeof jwk.x !== 'string' || !/^[\w-]{43}$/.test(jwk.x))
      throw new Error('every Ed25519 key of the JWKS needs a kid and a 32-byte x');
    return { kid: jwk.kid, x: jwk.x };
  });
  const ed25519 = keys.filter((key) => key !== undefined);
  if (ed25519.length === 0) throw new Error('the JWKS has no Ed25519 key');
  return ed25519;
}

/**
 * JSON safe inside a `<script>` element (no `<`, so no `</script>`) and inside a Liquid file (no
 * `{{` or `{%`: outside strings JSON never has them, inside strings the brace is escaped).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\{(?=[{%])/g, '\\u007b');
}

/** The theme with its generated licence configuration for this portal and these keys. */
export function stampLicenceConfig(files: ThemeFiles, stamp: LicenceStamp): ThemeFiles {
  const config: LicenceConfig = {
    portal: checkedOrigin(stamp.portalOrigin),
    version: themeVersionOf(files),
    keys: publicKeys(stamp.jwks),
  };
  const snippet = [
    `{%- comment -%}Generated for ${config.portal}: every update replaces this file, do not edit.{%- endcomment -%}`,
    `<script type="application/json" id="${LICENCE_CONFIG_ELEMENT_ID}">${scriptJson(config)}</script>`,
    '',
  ].join('\n');
  return sortedFiles(new Map(files).set(LICENCE_CONFIG_PATH, textFile(snippet)));
}
