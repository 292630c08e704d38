import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A product already running elsewhere (E2E_BASE_URL set by hand): nothing to build or start.
  if (process.env.E2E_BASE_URL !== undefined) return async () => {};

  // One production build for the whole run, web app and compiled server (`pnpm build`);
  // E2E_SKIP_BUILD=1 reuses packages/web/dist and packages/server/dist.
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build (pnpm build) failed');
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  // The compiled server, run by plain node as in production.
  const server = spawn(process.execPath, [path.join(repoRoot, 'packages/server/dist/main.js')], {
    cwd: path.join(repoRoot, 'packages/server'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every journey buys from 127.0.0.1: the per-address checkout budget is for the public.
      CHECKOUT_LIMIT_PER_ADDRESS: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, server, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Workers start after the global setup and inherit this.
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => {
        server.kill('SIGKILL');
      }, 5000).unref();
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
