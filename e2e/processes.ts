import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The processes the journeys start: free ports, the compiled server, waiting for it to answer. */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
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

export async function waitForHealth(
  url: string,
  server: ChildProcess,
  timeoutMs: number,
): Promise<void> {
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

/**
 * The compiled server (`pnpm build`), run by plain node as in production, with `env` over this
 * process's environment; `args` as `main.js` takes them (`--seed-only`).
 */
export function startCompiledServer(
  env: Record<string, string>,
  { args = [], output = 'inherit' }: { args?: string[]; output?: 'inherit' | 'pipe' } = {},
): ChildProcess {
  return spawn(process.execPath, [path.join(repoRoot, 'packages/server/dist/main.js'), ...args], {
    cwd: path.join(repoRoot, 'packages/server'),
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', output, output],
  });
}

/** Stops `child` with SIGTERM (SIGKILL after 5 s) and resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => {
      child.kill('SIGKILL');
    }, 5000).unref();
  });
}
