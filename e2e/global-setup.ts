import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  repoRoot,
  startCompiledServer,
  stopProcess,
  waitForHealth,
} from './processes.ts';

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
  const server = startCompiledServer({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // Every journey buys from 127.0.0.1: the per-address checkout budget is for the public.
    CHECKOUT_LIMIT_PER_ADDRESS: '1000',
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
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
