import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ThemeFiles } from '../files.ts';
import type { PublicJwk } from '../licence-config.ts';

/** A test signer: an Ed25519 key pair, its public JWK under `kid`, and a token maker. */
export interface TestSigner {
  readonly kid: string;
  readonly jwk: PublicJwk;
  sign(claims: JWTPayload, header?: { alg?: string; kid?: string }): Promise<string>;
}

export async function testSigner(kid = 'test-key'): Promise<TestSigner> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid } as PublicJwk;
  return {
    kid,
    jwk,
    sign: (claims, header = {}) => signWith(privateKey, claims, { alg: 'EdDSA', kid, ...header }),
  };
}

function signWith(
  key: CryptoKey,
  claims: JWTPayload,
  header: { alg: string; kid?: string },
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header).sign(key);
}

/** Writes a theme into a new temporary folder; `remove` deletes it. */
export function writeTheme(files: ThemeFiles): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'theme-boutique-'));
  for (const [filePath, bytes] of files) {
    mkdirSync(path.dirname(path.join(dir, filePath)), { recursive: true });
    writeFileSync(path.join(dir, filePath), bytes);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
