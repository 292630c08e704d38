import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildThemeArchive, themeArchiveFilename } from '../archive.ts';
import type { LicenceStamp } from '../licence-config.ts';
import { latestThemeVersion } from '../releases.ts';

export const USAGE =
  'pnpm --filter @portal/theme build:archive -- --origin <portal origin> [--version <x.y.z>] [--jwks <file>] [--out <file.zip>]';

export interface ArchiveCommand {
  readonly version: string;
  readonly origin: string;
  /** A JWKS file; without it the keys are fetched from `<origin>/.well-known/jwks.json`. */
  readonly jwksFile: string | undefined;
  /** Where the archive is written, absolute. */
  readonly out: string;
}

/** The command's options; relative paths are taken from `cwd` (where `pnpm` was run). */
export function parseArchiveCommand(argv: readonly string[], cwd: string): ArchiveCommand {
  // `pnpm <script> -- --version …` passes the `--` on.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      version: { type: 'string', default: latestThemeVersion },
      origin: { type: 'string' },
      jwks: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (values.origin === undefined) throw new Error(`--origin is required\n${USAGE}`);
  return {
    version: values.version,
    origin: values.origin,
    jwksFile: values.jwks === undefined ? undefined : path.resolve(cwd, values.jwks),
    out: path.resolve(cwd, values.out ?? themeArchiveFilename(values.version)),
  };
}

async function portalKeys(origin: string): Promise<LicenceStamp['jwks']> {
  const url = `${origin}/.well-known/jwks.json`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as LicenceStamp['jwks'];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot read the portal's keys at ${url} (${reason}): pass --jwks <file>`, {
      cause: error,
    });
  }
}

/** Builds the archive the command asks for, writes it, and says what it wrote. */
export async function runArchiveCommand(command: ArchiveCommand): Promise<string> {
  const jwks =
    command.jwksFile === undefined
      ? await portalKeys(command.origin)
      : (JSON.parse(readFileSync(command.jwksFile, 'utf8')) as LicenceStamp['jwks']);
  const archive = buildThemeArchive(command.version, { portalOrigin: command.origin, jwks });
  writeFileSync(command.out, archive);
  const sha256 = createHash('sha256').update(archive).digest('hex');
  return `${command.out}: Thème Boutique ${command.version} for ${command.origin}, ${archive.length} bytes, SHA-256 ${sha256}`;
}
