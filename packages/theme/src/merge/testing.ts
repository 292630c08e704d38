import { themeFilesOf, type ThemeFiles } from '../files.ts';
import { stampLicenceConfig } from '../licence-config.ts';
import { parseThemeJson, themeJsonBytes } from './theme-json.ts';

/** A public key's JWK as the portal publishes it (no private part): enough to stamp a theme. */
const stamp = {
  portalOrigin: 'https://portal.example',
  jwks: {
    keys: [{ kty: 'OKP', crv: 'Ed25519', kid: 'k1', x: 'A'.repeat(43) }],
  },
};

/** A release as the portal stores it: its files, stamped. */
export function releaseFiles(version: string): ThemeFiles {
  return stampLicenceConfig(themeFilesOf(version), stamp);
}

const encoder = new TextEncoder();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed theme file, walked freely by the tests
export type ThemeJson = any;

/** `files` with a JSON file's value changed by `change`. */
export function editJson(
  files: ThemeFiles,
  file: string,
  change: (value: ThemeJson) => void,
): Map<string, Uint8Array> {
  const value: ThemeJson = parseThemeJson(files.get(file)!);
  change(value);
  return new Map(files).set(file, themeJsonBytes(value));
}

export const text = (value: string) => encoder.encode(value);
