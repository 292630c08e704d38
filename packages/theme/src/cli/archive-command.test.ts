import { unzipSync } from 'fflate';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LICENCE_CONFIG_PATH } from '../licence-config.ts';
import { testSigner } from '../testing/keys.ts';
import { parseArchiveCommand, runArchiveCommand } from './archive-command.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'theme-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const signer = await testSigner('cli-key');
const jwks = { keys: [signer.jwk] };

/** A portal that serves only its JWKS, with this status. */
async function portal(status: number): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') return response.writeHead(404).end();
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const configIn = (file: string) =>
  new TextDecoder().decode(unzipSync(readFileSync(file))[LICENCE_CONFIG_PATH]);

describe('parseArchiveCommand', () => {
  it('reads the options after the `--` pnpm passes on, paths from where pnpm was run', () => {
    const argv = [
      '--',
      '--version',
      '2.0.0',
      '--origin',
      'http://127.0.0.1:3000',
      '--jwks',
      'keys.json',
      '--out',
      'x.zip',
    ];
    expect(parseArchiveCommand(argv, '/work')).toEqual({
      version: '2.0.0',
      origin: 'http://127.0.0.1:3000',
      jwksFile: '/work/keys.json',
      out: '/work/x.zip',
    });
  });

  it('builds the latest version into its download name by default', () => {
    expect(parseArchiveCommand(['--origin', 'https://portal.example'], '/work')).toEqual({
      version: '2.1.0',
      origin: 'https://portal.example',
      jwksFile: undefined,
      out: '/work/theme-boutique-2.1.0.zip',
    });
  });

  it('needs the portal origin and knows no other option', () => {
    expect(() => parseArchiveCommand(['--version', '2.1.0'], '/work')).toThrow(
      '--origin is required',
    );
    expect(() => parseArchiveCommand(['--origin', 'x', '--force'], '/work')).toThrow(
      "Unknown option '--force'",
    );
  });
});

describe('runArchiveCommand', () => {
  it('writes the archive stamped with the keys of a JWKS file, and says its SHA-256', async () => {
    const jwksFile = path.join(dir, 'keys.json');
    writeFileSync(jwksFile, JSON.stringify(jwks));
    const out = path.join(dir, 'from-file.zip');
    const said = await runArchiveCommand({
      version: '2.0.0',
      origin: 'https://portal.example',
      jwksFile,
      out,
    });
    expect(said).toMatch(
      new RegExp(
        `^${out}: Thème Boutique 2.0.0 for https://portal.example, \\d+ bytes, SHA-256 [0-9a-f]{64}$`,
      ),
    );
    expect(configIn(out)).toContain('"portal":"https://portal.example","version":"2.0.0"');
  });

  it('fetches the keys from the portal without a JWKS file', async () => {
    const { origin, server } = await portal(200);
    try {
      const out = path.join(dir, 'fetched.zip');
      await runArchiveCommand({ version: '2.1.0', origin, jwksFile: undefined, out });
      expect(configIn(out)).toContain(`"kid":"cli-key","x":"${signer.jwk.x}"`);
    } finally {
      server.close();
    }
  });

  it('says where it could not read the keys', async () => {
    const { origin, server } = await portal(503);
    try {
      const command = {
        version: '2.1.0',
        origin,
        jwksFile: undefined,
        out: path.join(dir, 'no.zip'),
      };
      await expect(runArchiveCommand(command)).rejects.toThrow(
        `cannot read the portal's keys at ${origin}/.well-known/jwks.json (HTTP 503): pass --jwks <file>`,
      );
    } finally {
      server.close();
    }
  });
});
