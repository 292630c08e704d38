import { describe, expect, it } from 'vitest';
import { fileText, themeFilesOf } from './files.ts';
import { LICENCE_CONFIG_PATH, stampLicenceConfig } from './licence-config.ts';
import { testSigner } from './testing/keys.ts';

const signer = await testSigner('key-2026');
const files = themeFilesOf('2.0.0');
const stamp = { portalOrigin: 'https://portal.example', jwks: { keys: [signer.jwk] } };

/** The JSON of the generated block. */
function configOf(snippet: string): unknown {
  const json = /<script type="application\/json" id="theme-licence-config">(.*)<\/script>/.exec(
    snippet,
  )?.[1];
  return JSON.parse(json ?? 'null');
}

describe('stampLicenceConfig', () => {
  it('writes the portal, the version and the public keys into the one generated snippet', () => {
    const stamped = stampLicenceConfig(files, stamp);
    expect(configOf(fileText(stamped, LICENCE_CONFIG_PATH))).toEqual({
      portal: 'https://portal.example',
      version: '2.0.0',
      keys: [{ kid: 'key-2026', x: signer.jwk.x }],
    });
    const changed = [...stamped.keys()].filter(
      (filePath) => fileText(stamped, filePath) !== fileText(files, filePath),
    );
    expect(changed).toEqual([LICENCE_CONFIG_PATH]);
    expect([...stamped.keys()]).toEqual([...files.keys()]);
  });

  it('leaves the theme it was given as it was (the source ships an empty configuration)', () => {
    stampLicenceConfig(files, stamp);
    expect(configOf(fileText(files, LICENCE_CONFIG_PATH))).toEqual({});
  });

  it('keeps only the Ed25519 keys of the JWKS', () => {
    const rsa = { kty: 'RSA', kid: 'old', n: 'abc', e: 'AQAB' };
    const stamped = stampLicenceConfig(files, { ...stamp, jwks: { keys: [rsa, signer.jwk] } });
    expect(configOf(fileText(stamped, LICENCE_CONFIG_PATH))).toMatchObject({
      keys: [{ kid: 'key-2026' }],
    });
  });

  it('cannot be closed early by what it writes: no `<` in the block', () => {
    const stamped = stampLicenceConfig(files, {
      ...stamp,
      jwks: { keys: [{ ...signer.jwk, kid: '</script><script>alert(1)</script>' }] },
    });
    const snippet = fileText(stamped, LICENCE_CONFIG_PATH);
    expect(snippet.match(/<\/script>/g)).toHaveLength(1);
    expect(configOf(snippet)).toMatchObject({
      keys: [{ kid: '</script><script>alert(1)</script>' }],
    });
  });

  it.each([
    ['a private key', { keys: [{ ...signer.jwk, d: 'secret' }] }, 'private key'],
    ['no Ed25519 key', { keys: [{ kty: 'RSA', n: 'abc', e: 'AQAB' }] }, 'no Ed25519 key'],
    ['no key at all', { keys: [] }, 'no Ed25519 key'],
    ['a key without kid', { keys: [{ ...signer.jwk, kid: undefined }] }, 'kid'],
    ['a key of the wrong size', { keys: [{ ...signer.jwk, x: 'abc' }] }, '32-byte x'],
  ])('refuses a JWKS with %s', (_, jwks, message) => {
    expect(() => stampLicenceConfig(files, { ...stamp, jwks })).toThrow(message);
  });

  it.each([
    'https://portal.example/',
    'https://portal.example/api',
    'ftp://portal.example',
    'portal.example',
    'https://user@portal.example',
  ])('refuses %s as the portal origin', (portalOrigin) => {
    expect(() => stampLicenceConfig(files, { ...stamp, portalOrigin })).toThrow('portalOrigin');
  });

  it('accepts a plain http origin with a port (a local portal)', () => {
    const stamped = stampLicenceConfig(files, { ...stamp, portalOrigin: 'http://127.0.0.1:3000' });
    expect(configOf(fileText(stamped, LICENCE_CONFIG_PATH))).toMatchObject({
      portal: 'http://127.0.0.1:3000',
    });
  });
});
